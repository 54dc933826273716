import { Link } from 'react-router';
import { ApiError, errorMessage, failureTitle } from '../../api/client.ts';

/**
 * What a product or shop page shows when it could not be loaded: `gone` when the server has no such thing (400, 404),
 * else that something went wrong and why (offline, a server failure) with `onRetry`; then a way on.
 */
export function GonePanel({
  error,
  gone,
  to,
  link,
  onRetry,
}: {
  error: Error;
  gone: { title: string; text: string | null };
  to: string;
  link: string;
  onRetry: () => void;
}) {
  const isGone = error instanceof ApiError && [400, 404].includes(error.status);
  const { title, text } = isGone ? gone : { title: failureTitle(error), text: errorMessage(error) };
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      {text === null ? null : <p className="mt-2">{text}</p>}
      <div className="mt-6 flex flex-wrap justify-center gap-3">
        {isGone ? null : (
          <button type="button" className="btn btn-primary" onClick={onRetry}>
            Try again
          </button>
        )}
        <Link to={to} className={isGone ? 'btn btn-primary' : 'btn btn-outline'}>
          {link}
        </Link>
      </div>
    </div>
  );
}
