import { errorMessage } from '../api/client.ts';

/** What a dashboard section shows when its data could not be loaded, with a way to try again. */
export function LoadError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return (
    <div role="alert" className="alert alert-error alert-soft my-4">
      <span>{errorMessage(error)}</span>
      <button type="button" className="btn btn-sm" onClick={onRetry}>
        Try again
      </button>
    </div>
  );
}
