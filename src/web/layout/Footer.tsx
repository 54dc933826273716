import { Clock, Headset, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../paths.ts';
import { SocialIcons } from '../ui/SocialIcons.tsx';
import { CONTACT } from './contact-details.ts';

const CONTACT_LINES = [
  { key: 'address', Icon: MapPin, content: <span>Address: {CONTACT.address}</span> },
  { key: 'phone', Icon: Phone, content: <span>Call us: {CONTACT.phone}</span> },
  {
    key: 'email',
    Icon: Mail,
    content: (
      <a className="link-hover" href={`mailto:${CONTACT.email}`}>
        {CONTACT.email}
      </a>
    ),
  },
  { key: 'hours', Icon: Clock, content: <span>Hours: {CONTACT.hours}</span> },
];

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

const SUPPORT_LINES = [
  { Icon: Headset, line: CONTACT.supportLine, note: '24/7 Support Center' },
  { Icon: Phone, line: CONTACT.workingHoursLine, note: 'Working 8:00 - 22:00' },
];

export function Footer() {
  return (
    <footer className="mt-16 border-t border-base-300 bg-base-200 text-base-content">
      <div className="mx-auto grid max-w-7xl gap-10 px-4 py-12 sm:grid-cols-2 lg:grid-cols-4">
        <section aria-labelledby="footer-contact">
          <Link to={paths.home} className="text-2xl font-bold text-primary">
            Farmstall
          </Link>
          <p className="mt-1 text-sm">A grocery store for local food</p>
          <h2 id="footer-contact" className="sr-only">
            Contact
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            {CONTACT_LINES.map(({ key, Icon, content }) => (
              <li key={key} className="flex gap-2">
                <Icon size={18} className="shrink-0 text-primary" aria-hidden="true" />
                {content}
              </li>
            ))}
          </ul>
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
          <div className="flex flex-wrap justify-center gap-6">
            {SUPPORT_LINES.map(({ Icon, line, note }) => (
              <p key={note} className="flex items-center gap-2">
                <Icon size={28} className="text-primary" aria-hidden="true" />
                <span>
                  <strong className="block text-primary">{line}</strong>
                  <span className="text-xs">{note}</span>
                </span>
              </p>
            ))}
          </div>
          <div className="flex flex-col items-center gap-1">
            <span className="font-semibold">Follow us</span>
            <SocialIcons />
          </div>
        </div>
      </div>
    </footer>
  );
}
