import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import type { CategoryItem } from '#contract/catalog.ts';
import { api } from '../../api/client.ts';
import { paths } from '../../paths.ts';
import { ValueCards } from './ValueCards.tsx';

export function HomePage() {
  const categories = useQuery({ queryKey: ['categories'], queryFn: () => api<CategoryItem[]>('/category') });
  return (
    <>
      <section className="mx-auto max-w-7xl px-4 pt-6">
        <div className="rounded-box bg-accent px-8 py-16 text-accent-content md:px-16">
          <h1 className="max-w-xl text-4xl font-bold md:text-5xl">Fresh Vegetables Big Discount</h1>
          <p className="mt-4 text-lg">Save up to 50% off on your first order</p>
          <Link to={paths.shopList} className="btn btn-primary mt-6">
            Browse the shops
          </Link>
        </div>
      </section>
      <section aria-labelledby="home-categories" className="mx-auto max-w-7xl px-4 pt-10">
        <h2 id="home-categories" className="text-2xl font-bold">
          Browse All Category
        </h2>
        {categories.isError ? <p className="mt-4 text-error">Categories could not be loaded.</p> : null}
        <ul className="mt-4 flex flex-wrap gap-2">
          {categories.data?.map((c) => (
            <li key={c.id} className="badge badge-lg badge-outline">
              {c.label}
            </li>
          ))}
        </ul>
      </section>
      <ValueCards />
    </>
  );
}
