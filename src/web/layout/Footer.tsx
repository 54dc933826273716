import { Clock, Headset, Mail, MapPin, Phone } from 'lucide-react';
import { Link } from 'react-router';
import { paths } from '../paths.ts';
import { SocialIcons } from '../ui/SocialIcons.tsx';
import { CONTACT } from './contact-details.ts';

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
            <li className="flex gap-2">
              <MapPin size={18} className="shrink-0 text-primary" aria-hidden="true" />
              <span>Address: {CONTACT.address}</span>
            </li>
            <li className="flex gap-2">
              <Phone size={18} className="shrink-0 text-primary" aria-hidden="true" />
              <span>Call us: {CONTACT.phone}</span>
            </li>
            <li className="flex gap-2">
              <Mail size={18} className="shrink-0 text-primary" aria-hidden="true" />
              <a className="link-hover" href={`mailto:${CONTACT.email}`}>
                {CONTACT.email}
              </a>
            </li>
            <li className="flex gap-2">
              <Clock size={18} className="shrink-0 text-primary" aria-hidden="true" />
              <span>Hours: {CONTACT.hours}</span>
            </li>
          </ul>
        </section>
        <nav aria-labelledby="footer-company">
          <h2 id="footer-company" className="text-lg font-bold">
            Company
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <Link className="link-hover" to={paths.about}>
                About us
              </Link>
            </li>
            <li>
              <Link className="link-hover" to={paths.contact}>
                Contact us
              </Link>
            </li>
            <li>
              <Link className="link-hover" to={paths.shopList}>
                Our shops
              </Link>
            </li>
            <li>
              <Link className="link-hover" to={paths.member}>
                Sell on Farmstall
              </Link>
            </li>
          </ul>
        </nav>
        <nav aria-labelledby="footer-account">
          <h2 id="footer-account" className="text-lg font-bold">
            Account
          </h2>
          <ul className="mt-4 space-y-2 text-sm">
            <li>
              <Link className="link-hover" to={paths.login}>
                Sign in
              </Link>
            </li>
            <li>
              <Link className="link-hover" to={paths.dashboard.userCart}>
                View cart
              </Link>
            </li>
            <li>
              <Link className="link-hover" to={paths.dashboard.userPaymentHistory}>
                Order history
              </Link>
            </li>
            <li>
              <Link className="link-hover" to={paths.dashboard.userHome}>
                My dashboard
              </Link>
            </li>
          </ul>
        </nav>
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
            <p className="flex items-center gap-2">
              <Headset size={28} className="text-primary" aria-hidden="true" />
              <span>
                <strong className="block text-primary">{CONTACT.supportLine}</strong>
                <span className="text-xs">24/7 Support Center</span>
              </span>
            </p>
            <p className="flex items-center gap-2">
              <Phone size={28} className="text-primary" aria-hidden="true" />
              <span>
                <strong className="block text-primary">{CONTACT.workingHoursLine}</strong>
                <span className="text-xs">Working 8:00 - 22:00</span>
              </span>
            </p>
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
