import { Search } from 'lucide-react';
import { type FormEvent, useEffect, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { paths } from '../paths.ts';

/** The navbar's 'Search for item' box: submitting opens the search results page. */
export function SearchBox({ className = '' }: { className?: string }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  useEffect(() => setText(params.get('q') ?? ''), [params]);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    navigate(`${paths.search}?q=${encodeURIComponent(text.trim())}`);
  };

  return (
    <search className={className}>
      <form onSubmit={submit} className="join w-full">
        <label className="input join-item w-full">
          <span className="sr-only">Search for item</span>
          <input
            type="search"
            name="q"
            placeholder="Search for item"
            value={text}
            onChange={(e) => setText(e.target.value)}
            autoComplete="off"
          />
        </label>
        <button type="submit" className="btn btn-primary join-item" aria-label="Search">
          <Search size={18} aria-hidden="true" />
        </button>
      </form>
    </search>
  );
}
