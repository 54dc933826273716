import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';
import { precompress } from './scripts/precompress.ts';
import { ssrBuild } from './scripts/ssr-build.ts';

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/web',
  publicDir: isSsrBuild ? false : 'public',
  // The server-side renderer (scripts/ssr-build.ts) is one file: the server installs no front-end package.
  plugins: isSsrBuild ? [react()] : [react(), tailwindcss(), ssrBuild(), precompress()],
  ssr: { noExternal: true },
  // The renderer has React's build of the client build (production), whatever NODE_ENV the server runs with.
  ...(isSsrBuild ? { define: { 'process.env.NODE_ENV': JSON.stringify(process.env.NODE_ENV ?? 'production') } } : {}),
  resolve: {
    alias: {
      '#contract': new URL('./src/contract', import.meta.url).pathname,
      '#web': new URL('./src/web', import.meta.url).pathname,
    },
  },
  build: {
    // WEB_OUT_DIR lets parallel builds (one per developer checkout or test run) stay apart.
    outDir: process.env.WEB_OUT_DIR ?? '../../dist/web',
    emptyOutDir: true,
    sourcemap: false,
    chunkSizeWarningLimit: 600,
    assetsInlineLimit: 0,
    manifest: !isSsrBuild,
    // Every browser the app supports has <link rel=modulepreload>: no polyfill runs at start.
    modulePreload: { polyfill: false },
  },
  server: {
    port: 5173,
    proxy: { '/api': 'http://127.0.0.1:3000', '/uploads': 'http://127.0.0.1:3000' },
  },
}));
