import { holdClicksUntilAppReady } from './clicks-before-app.ts';
import { reloadOnce } from './reload-once.ts';
import { SSR_DATA_ID } from './ssr-data.ts';
import './styles.css';

// A server-rendered page is painted from its HTML and stylesheet alone: the app's code (about 80 KB sent, then
// evaluated and hydrated) loads after that first paint instead of sharing the network and the main thread with it.
// A page the browser renders itself (no server data: sign-in, dashboard, the app without its renderer) loads at once.
const start = () =>
  import('./start-app.tsx').catch(() => {
    // The code of a previous release is gone (or the network failed): reload once for the current one.
    if (reloadOnce(window.location.href)) window.location.reload();
  });
const serverRendered = document.getElementById(SSR_DATA_ID) !== null;
if (serverRendered) holdClicksUntilAppReady();
if (!serverRendered || document.visibilityState === 'hidden') void start();
else requestAnimationFrame(() => setTimeout(start, 0));
