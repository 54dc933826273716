import { createBrowserRouter } from 'react-router';
import { RootLayout } from './layout/RootLayout.tsx';
import { PageLoader } from './ui/PageLoader.tsx';

/** Every page is its own chunk, loaded when first visited. */
export const router = createBrowserRouter([
  {
    path: '/',
    Component: RootLayout,
    HydrateFallback: PageLoader,
    children: [
      { index: true, lazy: () => import('./features/home/HomePage.tsx').then((m) => ({ Component: m.HomePage })) },
      { path: 'about', lazy: () => import('./features/about/AboutPage.tsx').then((m) => ({ Component: m.AboutPage })) },
      {
        path: 'contact',
        lazy: () => import('./features/contact/ContactPage.tsx').then((m) => ({ Component: m.ContactPage })),
      },
      {
        path: '*',
        lazy: () => import('./features/errors/NotFoundPage.tsx').then((m) => ({ Component: m.NotFoundPage })),
      },
    ],
  },
]);
