import path from 'node:path';
import { build, type Plugin } from 'vite';

/** Where the server-side renderer is built, inside the web app's folder (the server does not serve it). */
export const SSR_DIR = 'ssr';

/**
 * After each production build of the web app, builds its server-side renderer (src/web/entry-server.tsx) into
 * `<outDir>/ssr/entry-server.js`: one file with its dependencies inside, since Node runs no .tsx and the server
 * installs no front-end package. So every `vite build` (CI, `npm start`, Lighthouse, the container) makes both.
 */
export function ssrBuild(): Plugin {
  let outDir = '';
  let configFile: string | undefined;
  let logLevel: 'info' | 'warn' | 'error' | 'silent' | undefined;
  return {
    name: 'farmstall-ssr-build',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
      configFile = config.configFile;
      logLevel = config.logLevel;
    },
    async writeBundle() {
      await build({
        configFile,
        logLevel,
        build: { ssr: 'entry-server.tsx', outDir: path.join(outDir, SSR_DIR), emptyOutDir: true },
      });
    },
  };
}
