import { existsSync, statSync } from 'node:fs';
import { join, normalize } from 'node:path';
import fastifyStatic from '@fastify/static';
import { MESSAGES, WEB_BASE_PATH } from '@pharmalytics/domain';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { access } from '../access/access-policy.ts';

/**
 * Serves the built web app under /service/, answering the app's routes with index.html. When
 * `building` (`npm start` builds it beside the server's start, then puts the whole build in
 * place at once), every page answers 503 with Retry-After and a line saying so until it is there.
 */
export async function serveWebApp(app: FastifyInstance, webDist: string, building = false) {
  // Not API: left out of the OpenAPI document.
  const declared = { config: { access: access.public }, schema: { hide: true } };
  app.get('/', declared, (_request, reply) => reply.redirect(WEB_BASE_PATH));
  const built = () => existsSync(join(webDist, 'index.html'));
  if (!built() && !building) {
    app.log.warn({ webDist }, 'web app not built; run `npm run build`');
    return;
  }
  // The build writes each text file also as .br and .gz: the one the browser accepts is sent,
  // with Content-Encoding and Vary: Accept-Encoding.
  await app.register(fastifyStatic, {
    root: webDist,
    serve: false,
    cacheControl: false,
    preCompressed: true,
    suppressWarning: true,
  });

  const sendIndex = (reply: FastifyReply) =>
    reply.header('Cache-Control', 'no-cache').sendFile('index.html');
  const isFile = (path: string) => {
    const full = join(webDist, normalize(path));
    return full.startsWith(webDist) && existsSync(full) && statSync(full).isFile();
  };

  app.get(WEB_BASE_PATH.replace(/\/$/, ''), declared, (_request, reply) =>
    reply.redirect(WEB_BASE_PATH),
  );
  app.get(`${WEB_BASE_PATH}*`, declared, async (request, reply) => {
    if (building && !built()) {
      return reply
        .code(503)
        .header('Retry-After', '5')
        .header('Cache-Control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(PREPARING_PAGE);
    }
    const path = (request.params as { '*': string })['*'];
    if (!path || !isFile(path)) return sendIndex(reply);
    // Vite fingerprints everything under assets/, so those never change.
    const immutable = path.startsWith('assets/');
    return reply
      .header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
      .sendFile(path);
  });
}

const PREPARING_PAGE = `<!doctype html><html lang="ja"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta http-equiv="refresh" content="5"><title>Pharmalytics</title></head>
<body style="margin:0;min-height:100vh;display:grid;place-items:center;font-family:sans-serif;
color:#1f2933;background:#f4f7f7"><main style="text-align:center;padding:1rem">
<p style="font-size:1.5rem;font-weight:700;color:#00695c;margin:0 0 1rem">Pharmalytics</p>
<p style="margin:0">${MESSAGES.webAppPreparing}</p></main></body></html>`;
