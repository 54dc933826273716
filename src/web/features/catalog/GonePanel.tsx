import { Link } from 'react-router';

/** What a product or shop page shows when it could not be loaded: why, and a way on. */
export function GonePanel({ title, text, to, link }: { title: string; text: string | null; to: string; link: string }) {
  return (
    <div className="mx-auto max-w-3xl px-4 py-16 text-center">
      <h1 className="text-3xl font-bold">{title}</h1>
      {text === null ? null : <p className="mt-2">{text}</p>}
      <Link to={to} className="btn btn-primary mt-6">
        {link}
      </Link>
    </div>
  );
}
