import { createBrowserRouter } from 'react-router';
import { routes } from './routes.tsx';

/** The app's router: the route tree of routes.tsx, in the browser's address bar. */
export const router = createBrowserRouter(routes);
