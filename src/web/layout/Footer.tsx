import { Link } from 'react-router';
import { RETURNS_POLICY_ANCHOR } from '#contract/policies.ts';
import { paths } from '../paths.ts';
import { ContactLines } from './ContactLines.tsx';

const LINK_LISTS = [
  {
    id: 'footer-company',
    title: 'Company',
    links: [
      { to: paths.about, label: 'About us' },
      { to: paths.contact, label: 'Contact us' },
      { to: paths.shopList, label: 'Our shops' },
      { to: paths.member, label: 'Sell on Farmstall' },
    ],
  },
  {
    id: 'footer-account',
    title: 'Account',
    links: [
      { to: paths.login, label: 'Sign in' },
      { to: paths.dashboard.userCart, label: 'View cart' },
      { to: paths.dashboard.userPaymentHistory, label: 'Order history' },
      { to: paths.dashboard.userHome, label: 'My dashboard' },
    ],
  },
];

export function Footer() {
  return (
    <footer className="below-fold mt-16 border-t border-base-300 bg-base-200 text-base-content">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-contact">
          <Link to={paths.home} className="text-2xl font-bold text-primary">
            Farmstall
          </Link>
          <p className="mt-1 text-sm">A grocery store for local food</p>
          <h2 id="footer-contact" className="sr-only">
            Contact
          </h2>
          <ContactLines className="mt-4 space-y-2 text-sm" />
        </section>
        {LINK_LISTS.map((list) => (
          <nav key={list.id} aria-labelledby={list.id}>
            <h2 id={list.id} className="text-lg font-bold">
              {list.title}
            </h2>
            <ul className="mt-4 space-y-2 text-sm">
              {list.links.map((link) => (
                <li key={link.label}>
                  <Link className="link-hover" to={link.to}>
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
        ))}
        <section aria-labelledby="footer-app">
          <h2 id="footer-app" className="text-lg font-bold">
            Install the app
          </h2>
          <p className="mt-4 text-sm">
            Farmstall works on any phone. Open this site in your phone's browser and choose “Add to Home Screen” to keep
            it one tap away.
          </p>
          <p className="mt-4 text-sm font-semibold">Secured payments</p>
          <p className="text-sm">Visa · Mastercard · American Express · Discover</p>
        </section>
      </div>
      <div className="border-t border-base-300">
        <div className="mx-auto flex max-w-7xl flex-col items-center justify-between gap-4 px-4 py-6 text-sm md:flex-row">
          <p>© {new Date().getFullYear()} Farmstall. All rights reserved.</p>
          <Link className="link-hover" to={`${paths.about}#${RETURNS_POLICY_ANCHOR}`}>
            Returns and refunds
          </Link>
        </div>
      </div>
    </footer>
  );
}
