import lostImage from '@lobehub/fluent-emoji-3d/assets/1f615.webp';
import { Link } from 'react-router';
import { paths } from '../../paths.ts';
import { PageMeta } from '../../ui/PageMeta.tsx';

/** The error page for unknown routes. */
export function NotFoundPage() {
  return (
    <section className="mx-auto flex max-w-xl flex-col items-center px-4 py-16 text-center">
      <img src={lostImage} alt="A confused face: this page does not exist" width="200" height="200" />
      <PageMeta title="Page not found" description="This page does not exist on Farmstall." />
      <h1 className="mt-6 text-4xl font-bold">Page not found</h1>
      <p className="mt-3 text-lg">
        We looked in every basket and could not find this page. It may have moved, or the link may be mistyped.
      </p>
      <Link to={paths.home} className="btn btn-primary mt-8">
        Go Home
      </Link>
    </section>
  );
}
