import { ChevronDown } from 'lucide-react';
import { NavLink } from 'react-router';
import { CATEGORY_LINKS } from '#contract/categories.ts';
import { closeDropdown } from './UserMenu.tsx';

function CategoryItems() {
  return CATEGORY_LINKS.map((c) => (
    <li key={c.category}>
      <NavLink to={c.path} className={({ isActive }) => (isActive ? 'menu-active' : '')}>
        {c.title}
      </NavLink>
    </li>
  ));
}

/** The wide navbar's 'Categories' menu: the twelve category pages in two columns. */
export function CategoryDropdown() {
  return (
    <li className="dropdown">
      <button
        type="button"
        tabIndex={0}
        className="flex items-center gap-1 rounded-md px-3 py-2 font-semibold hover:text-primary"
      >
        Categories <ChevronDown size={16} aria-hidden="true" />
      </button>
      {/* The grid sits inside the dropdown's content: on the content itself it would override daisyUI's closed
          state (display: none), leaving an invisible menu that catches clicks over the page. */}
      <div className="dropdown-content z-40 mt-3 w-md rounded-box bg-base-100 p-2 shadow">
        <ul
          aria-label="Categories"
          className="menu grid w-full grid-cols-2 p-0 [--menu-active-bg:var(--color-base-200)] [--menu-active-fg:var(--color-primary)]"
          onClick={closeDropdown}
          onKeyDown={(event) => event.key === 'Escape' && closeDropdown()}
        >
          <CategoryItems />
        </ul>
      </div>
    </li>
  );
}

/** The phone menu's category links, under a 'Categories' heading, two to a row. */
export function PhoneCategoryLinks() {
  return (
    <li>
      <h2 className="menu-title text-base-content">Categories</h2>
      <ul aria-label="Categories" className="ml-0 grid grid-cols-2 ps-0 before:hidden [&_a]:px-2">
        <CategoryItems />
      </ul>
    </li>
  );
}
