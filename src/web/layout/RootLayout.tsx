import { useQuery } from '@tanstack/react-query';
import { Outlet, ScrollRestoration } from 'react-router';
import { marketplaceQuery } from '../ui/distance-unit.ts';
import { NavigationProgress } from '../ui/NavigationProgress.tsx';
import { Footer } from './Footer.tsx';
import { Navbar } from './Navbar.tsx';
import { ShopperPlaceSync } from './PlaceControl.tsx';
import { VerifyEmailBanner } from './VerifyEmailBanner.tsx';

/** Site layout: navbar, routed content, footer. */
export function RootLayout() {
  // The marketplace's settings (the root loader's) stay read while the site is open: any page may write a distance.
  useQuery(marketplaceQuery);
  return (
    <div className="flex min-h-screen flex-col">
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:z-50 focus:p-2">
        Skip to content
      </a>
      <NavigationProgress />
      <ShopperPlaceSync />
      <Navbar />
      <VerifyEmailBanner />
      {/* A shop, product or shopper may write one word wider than a phone: it breaks instead of widening the page. */}
      <main id="main" className="min-h-screen flex-1 wrap-anywhere">
        <Outlet />
      </main>
      <Footer />
      <ScrollRestoration />
    </div>
  );
}
