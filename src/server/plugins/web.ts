import { existsSync, readFileSync } from 'node:fs';
import fs from 'node:fs/promises';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';
import { notFound } from '../errors.ts';
import { localUploadsDir } from '../modules/uploads/index.ts';
import { pageRenderer } from './page-render.ts';
import { isPage, siteFilesPlugin } from './site-files.ts';

/**
 * Serves the uploaded pictures (local storage) and the built React app; any other GET outside /api
 * gets the app's page, rendered on the server when the build has its renderer (page-render.ts; not the dashboard
 * nor the sign-in forms), else index.html for the client router to render: with status 200 on the app's pages (APP_PATH_PATTERNS; a category,
 * product or shop that exists), else 404 (the app then shows its Not Found page). Also /robots.txt and /sitemap.xml (site-files.ts).
 */
export async function webPlugin(app: FastifyInstance, options: { webDir?: string }) {
  await app.register(siteFilesPlugin);
  if (!app.config.s3) {
    await fs.mkdir(localUploadsDir(app.config), { recursive: true });
    await app.register(fastifyStatic, {
      root: localUploadsDir(app.config),
      prefix: '/uploads/',
      decorateReply: false,
      maxAge: '365d',
      immutable: true,
    });
  }

  const webDir = options.webDir;
  const indexFile = webDir ? path.join(webDir, 'index.html') : undefined;
  if (!webDir || !indexFile || !existsSync(indexFile)) {
    app.get('/', { schema: { hide: true } }, async (_request, reply) =>
      reply.type('text/plain').send('Farmstall API is running. The web app is not built: run `npm run build`.'),
    );
    return;
  }
  const indexHtml = readFileSync(indexFile);
  const renderPage = await pageRenderer(app, webDir, indexHtml.toString());
  await app.register(fastifyStatic, {
    root: webDir,
    // The server-side renderer is read by the server only.
    allowedPath: (pathName) => !pathName.startsWith('/ssr/'),
    wildcard: false,
    index: false,
    decorateReply: false,
    // The build writes .br and .gz beside each text file (scripts/precompress.ts): sent by Accept-Encoding.
    preCompressed: true,
    setHeaders: (res, filePath) => {
      const hashed = filePath.includes(`${path.sep}assets${path.sep}`);
      res.header('cache-control', hashed ? 'public, max-age=31536000, immutable' : 'public, max-age=3600');
    },
  });
  const sendIndex = async (request: import('fastify').FastifyRequest, reply: import('fastify').FastifyReply) => {
    if (request.url.startsWith('/api/') || request.url === '/api') throw notFound('This API route');
    const [found, page] = await Promise.all([isPage(app, request.url.split('?')[0]), renderPage(request)]);
    return reply
      .code(found ? 200 : 404)
      .type('text/html; charset=utf-8')
      .header('cache-control', 'no-cache')
      .send(page ?? indexHtml);
  };
  app.get('/', { schema: { hide: true } }, sendIndex);
  app.get('/*', { schema: { hide: true } }, sendIndex);
}
