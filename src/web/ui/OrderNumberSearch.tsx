import { Search } from 'lucide-react';
import { useState } from 'react';
import { useSearchParams } from 'react-router';

/** Finds an order by its number (FS-10234 or 10234), kept in the address as `?q=`; each search starts at page 1. */
export function OrderNumberSearch() {
  const [params, setParams] = useSearchParams();
  const searched = params.get('q') ?? '';
  const [text, setText] = useState(searched);
  const search = (q: string) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('page');
        if (q) next.set('q', q);
        else next.delete('q');
        return next;
      },
      { preventScrollReset: true },
    );
  return (
    <search className="mt-4 flex flex-wrap items-center gap-2">
      <form
        className="flex gap-2"
        onSubmit={(event) => {
          event.preventDefault();
          search(text.trim());
        }}
      >
        <label className="input w-60">
          <Search size={18} aria-hidden="true" />
          <span className="sr-only">Order number</span>
          <input
            type="search"
            placeholder="Order number, e.g. FS-10234"
            maxLength={100}
            value={text}
            onChange={(event) => setText(event.target.value)}
          />
        </label>
        <button type="submit" className="btn btn-primary">
          Find order
        </button>
      </form>
      {searched ? (
        <button
          type="button"
          className="btn btn-ghost"
          onClick={() => {
            setText('');
            search('');
          }}
        >
          Show all orders
        </button>
      ) : null}
    </search>
  );
}
