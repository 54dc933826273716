import { render, screen, within } from '@testing-library/react';
import { userEvent } from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { pageOf } from '#contract/pagination.ts';
import { type Column, DataTable, pageOfRows, rowNumber } from './DataTable.tsx';
import { pagerNumbers } from './TablePager.tsx';

type Fruit = { _id: string; name: string; price: number };
const fruits: Fruit[] = Array.from({ length: 23 }, (_, i) => ({ _id: `f${i + 1}`, name: `Fruit ${i + 1}`, price: i }));
const columns: Column<Fruit>[] = [
  { header: 'Name', rowHeader: true, cell: (f) => f.name },
  { header: 'Price', cell: (f) => `$${f.price}` },
];

describe('DataTable', () => {
  it('is a named scroll region reachable by keyboard, with the columns and one row per item', async () => {
    render(<DataTable label="Fruits" columns={columns} rows={fruits.slice(0, 3)} />);
    const region = screen.getByRole('region', { name: 'Fruits' });
    expect(region).toHaveProperty('tabIndex', 0);
    expect(region.className).toContain('overflow-x-auto');
    await userEvent.tab();
    expect(document.activeElement).toBe(region);
    expect(
      within(region)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Name', 'Price']);
    const rows = within(region).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual(['Fruit 1$0', 'Fruit 2$1', 'Fruit 3$2']);
    expect(within(rows[1]).getByRole('rowheader').textContent).toBe('Fruit 2');
    expect(screen.queryByRole('navigation')).toBeNull();
  });

  it('says so in one full-width row when there are no rows', () => {
    render(<DataTable label="Fruits" columns={columns} rows={[]} empty="No fruit yet." />);
    const cell = screen.getByRole('cell', { name: 'No fruit yet.' });
    expect(cell.getAttribute('colspan')).toBe('2');
  });

  it('pages the server way: Prev, first, around the current page, last, Next', async () => {
    const onPage = vi.fn();
    const page = pageOf(fruits.slice(0, 2), 230, { page: 7, limit: 10 });
    render(
      <DataTable label="Fruits" columns={columns} rows={page.items} pager={{ page, onPage, label: 'Fruit pages' }} />,
    );
    const pager = screen.getByRole('navigation', { name: 'Fruit pages' });
    expect(
      within(pager)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual(['Prev', '1', '5', '6', '7', '8', '9', '23', 'Next']);
    expect(within(pager).getByRole('button', { name: 'Page 7' }).getAttribute('aria-current')).toBe('page');
    await userEvent.click(within(pager).getByRole('button', { name: 'Page 23' }));
    await userEvent.click(within(pager).getByRole('button', { name: 'Next' }));
    expect(onPage.mock.calls).toEqual([[23], [8]]);
  });

  it('has no pager for one page, and no Prev on the first nor Next on the last', () => {
    /** The fruits on the first of `pages` pages. */
    const firstOf = (pages: number) => (
      <DataTable
        label="Fruits"
        columns={columns}
        rows={fruits}
        pager={{ page: { page: 1, pages }, onPage: () => {}, label: 'Fruit pages' }}
      />
    );
    const { rerender } = render(firstOf(1));
    expect(screen.queryByRole('navigation')).toBeNull();
    rerender(firstOf(3));
    expect(screen.getByRole('button', { name: 'Prev' })).toHaveProperty('disabled', true);
    expect(screen.getByRole('button', { name: 'Next' })).toHaveProperty('disabled', false);
    expect(pagerNumbers(3, 3)).toEqual([1, 2, 3]);
  });
});

describe('DataTable with cards', () => {
  /** A window `width` px wide, as far as media queries go. */
  const windowOf = (width: number) =>
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query === '(max-width: 767.98px)' && width < 768,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
  const withActions: Column<Fruit>[] = [
    ...columns,
    { header: <span className="sr-only">Actions</span>, cell: (f) => <button type="button">Buy {f.name}</button> },
  ];

  it('shows each row as a card of headings and cells on a phone, the actions at the bottom', () => {
    windowOf(390);
    const onPage = vi.fn();
    const page = pageOf(fruits.slice(0, 2), 12, { page: 1, limit: 2 });
    render(
      <DataTable
        label="Fruits"
        cards
        columns={withActions}
        rows={page.items}
        pager={{ page, onPage, label: 'Pages' }}
      />,
    );
    expect(screen.queryByRole('table')).toBeNull();
    const cards = within(screen.getByRole('list', { name: 'Fruits' })).getAllByRole('listitem');
    expect(cards.map((card) => card.textContent)).toEqual([
      'NameFruit 1Price$0Buy Fruit 1',
      'NameFruit 2Price$1Buy Fruit 2',
    ]);
    expect(
      within(cards[1])
        .getAllByRole('term')
        .map((term) => term.textContent),
    ).toEqual(['Name', 'Price']);
    expect(
      within(cards[1])
        .getAllByRole('definition')
        .map((cell) => cell.textContent),
    ).toEqual(['Fruit 2', '$1']);
    expect(screen.getByRole('navigation', { name: 'Pages' })).toBeTruthy();
  });

  it('keeps the table on wider screens, and says when there is nothing on a phone', () => {
    windowOf(1024);
    const { rerender } = render(<DataTable label="Fruits" cards columns={columns} rows={fruits.slice(0, 2)} />);
    expect(screen.getByRole('table')).toBeTruthy();
    expect(screen.queryByRole('list')).toBeNull();
    windowOf(320);
    rerender(<DataTable label="Fruits" cards columns={columns} rows={[]} empty="No fruit yet." />);
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.getByText('No fruit yet.')).toBeTruthy();
  });
});

describe('pageOfRows', () => {
  it('cuts rows the browser holds like the server cuts its pages, a page past the end showing the last', () => {
    expect(pageOfRows(fruits, 2, 10)).toEqual({ ...pageOf(fruits.slice(10, 20), 23, { page: 2, limit: 10 }) });
    expect(pageOfRows(fruits, 9, 10).items.map((f) => f._id)).toEqual(['f21', 'f22', 'f23']);
    expect(pageOfRows(fruits, 9, 10).page).toBe(3);
    expect(pageOfRows([], 1, 10)).toEqual({ items: [], total: 0, page: 1, limit: 10, pages: 1 });
    expect(rowNumber({ page: 3, limit: 10 }, 0)).toBe(21);
  });
});
