import { useQuery } from '@tanstack/react-query';
import { Search } from 'lucide-react';
import { type FormEvent, type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import type { Suggestion } from '#contract/catalog.ts';
import { call } from '../api/client.ts';
import { paths } from '../paths.ts';
import { useTypedBeforeHydration } from '../ui/use-typed-before-hydration.ts';

const KIND_LABEL = { product: 'Product', shop: 'Shop', category: 'Category' } as const;

function useDebounced(value: string, ms: number): string {
  const [debounced, setDebounced] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setDebounced(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return debounced;
}

function suggestionPath(s: Suggestion): string {
  if (s.kind === 'product') return paths.productDetails(s.id);
  if (s.kind === 'shop') return paths.shopDetails(s.id);
  return paths.category(s.id);
}

/**
 * The navbar's 'Search for item' box (on phones, in the ☰ menu): submitting opens the search results page; while
 * typing, an accessible combobox suggests products, shops and categories (arrow keys, Enter, Escape).
 * `onNavigate` runs once a search or a suggestion is chosen (the phone menu closes).
 */
export function SearchBox({ className = '', onNavigate }: { className?: string; onNavigate?: () => void }) {
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [text, setText] = useState(params.get('q') ?? '');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const listId = useId();
  useEffect(() => setText(params.get('q') ?? ''), [params]);
  const box = useRef<HTMLInputElement>(null);
  useTypedBeforeHydration(box, text, (typed, focused) => {
    setText(typed);
    setOpen(focused);
  });

  const q = useDebounced(text.trim(), 150);
  const suggestions = useQuery({
    queryKey: ['search', 'suggest', q],
    queryFn: () => call('GET /search/suggest', { query: { q } }),
    enabled: open && q.length >= 2,
    staleTime: 60_000,
  });
  const items = open && q.length >= 2 ? (suggestions.data?.suggestions ?? []) : [];
  const expanded = items.length > 0;

  const close = () => {
    setOpen(false);
    setActive(-1);
  };

  const go = (to: string) => {
    close();
    navigate(to);
    onNavigate?.();
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const chosen = items[active];
    go(chosen ? suggestionPath(chosen) : `${paths.search}?q=${encodeURIComponent(text.trim())}`);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      setOpen(true);
      setActive((i) => (items.length ? (i + 1) % items.length : -1));
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      setActive((i) => (items.length ? (i <= 0 ? items.length - 1 : i - 1) : -1));
    } else if (event.key === 'Escape' && expanded) {
      // Closes the suggestions only: the text stays (a search field would clear it) and so does the menu around it.
      event.preventDefault();
      event.stopPropagation();
      close();
    }
  };

  return (
    <search className={`relative ${className}`}>
      <form action={paths.search} onSubmit={submit} className="join w-full">
        <label className="input join-item w-full">
          <span className="sr-only">Search for item</span>
          <input
            ref={box}
            type="search"
            name="q"
            placeholder="Search for item"
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setOpen(true);
              setActive(-1);
            }}
            onKeyDown={onKeyDown}
            onFocus={() => setOpen(true)}
            onBlur={() => setTimeout(close, 150)}
            autoComplete="off"
            role="combobox"
            aria-expanded={expanded}
            aria-controls={listId}
            aria-autocomplete="list"
            aria-activedescendant={expanded && active >= 0 ? `${listId}-${active}` : undefined}
          />
        </label>
        <button type="submit" className="btn btn-primary join-item" aria-label="Search">
          <Search size={18} aria-hidden="true" />
        </button>
      </form>
      <div
        id={listId}
        role="listbox"
        aria-label="Suggestions"
        hidden={!expanded}
        className="absolute top-full right-0 left-0 z-50 mt-1 rounded-box border border-base-300 bg-base-100 p-1 shadow-lg"
      >
        {items.map((s, i) => (
          // biome-ignore lint/a11y/useFocusableInteractive: focus stays in the input (aria-activedescendant)
          <div
            key={`${s.kind}-${s.id}`}
            id={`${listId}-${i}`}
            role="option"
            aria-selected={i === active}
            className={`block cursor-pointer rounded-field px-3 py-2 ${i === active ? 'bg-accent' : 'hover:bg-base-200'}`}
            onMouseDown={(e) => {
              e.preventDefault();
              go(suggestionPath(s));
            }}
          >
            <span className="block truncate font-semibold">{s.label}</span>
            <span className="block truncate text-xs text-base-content/70">
              {KIND_LABEL[s.kind]}
              {s.detail ? ` · ${s.detail}` : ''}
            </span>
          </div>
        ))}
      </div>
    </search>
  );
}
