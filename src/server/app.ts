import fs from 'node:fs';
import path from 'node:path';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import fastifyStatic from '@fastify/static';
import { RESOURCES } from '../shared/registry.js';
import { sharedCounters } from './cluster/rate-limit.js';
import type { Config, TrustProxy } from './config.js';
import type { Database } from './db/index.js';
import { fail, ok } from './framework/envelope.js';
import { MAX_DOCUMENT_BYTES, registerFileRoutes } from './framework/files.js';
import { AppError, notFound } from './framework/errors.js';
import { sha256 } from './framework/passwords.js';
import { registerResource } from './framework/resource-routes.js';
import type { RouteEnv } from './framework/route.js';
import { SchoolDirectory } from './framework/schools.js';
import { userForToken } from './framework/sessions.js';
import { createIntegrations, type Integrations } from './integrations/index.js';
import { SERVER_MODULES } from './installed.js';
import { matchHandlers, registerDeclaredCalls } from './framework/calls.js';
import { openShared } from './cluster/redis.js';
import { attachRealtime } from './realtime/server.js';

/** Cache-Control of content-hashed files: a year, never revalidated. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

export interface AppOptions {
  config: Config;
  database: Database;
  integrations?: Integrations;
  logger?: boolean;
}

/** The whole server, ready for `inject()` in tests or `listen()` in main. */
export async function buildApp(opts: AppOptions): Promise<FastifyInstance> {
  const { config, database } = opts;
  const app = Fastify({ logger: opts.logger ?? false, bodyLimit: 1024 * 1024, trustProxy: fastifyTrustProxy(config.trustProxy) });
  const env: RouteEnv = { config, integrations: opts.integrations ?? createIntegrations(config) };
  const directory = new SchoolDirectory(database.db);
  // Every declared call has its handler and every handler its declaration, or the app does not start.
  const handlers = matchHandlers(RESOURCES, SERVER_MODULES.handlers);

  // With REDIS_URL the counts are shared by the servers (src/server/cluster/rate-limit.ts).
  const counters = sharedCounters(config);
  if (counters) app.addHook('onClose', () => counters.close());
  await app.register(rateLimit, {
    global: false,
    ...(counters ? { redis: counters.redis, nameSpace: counters.nameSpace, skipOnError: counters.skipOnError } : {}),
    errorResponseBuilder: () => Object.assign(new AppError(429, 'Too many attempts, please wait a minute and try again'), { statusCode: 429 }),
  });
  app.setErrorHandler((err: FastifyError, req, reply) => {
    const { status, message, details } = toUserError(err);
    if (status >= 500) req.log.error(err);
    return reply.status(status).send(fail(message, details));
  });

  app.get('/schools/', async () => ok((await directory.list()).map((s) => ({ code: s.code, name: s.name, api: `/api/${s.code}` }))));

  await app.register(async (school) => {
    school.addHook('onRequest', async (req) => {
      const found = await directory.find((req.params as { school: string }).school ?? '');
      if (!found) throw notFound('Unknown institution code');
      req.school = found;
      req.sdb = database.db.withSchema(found.schema);
      req.user = null;
      req.tokenHash = null;
      const auth = req.headers.authorization;
      if (auth?.startsWith('Bearer ') && auth.length < 300) {
        req.tokenHash = sha256(auth.slice(7).trim());
        req.user = await userForToken(req.sdb, req.tokenHash, found.schema);
      }
    });
    // Uploads (POST /upload/): one file per request, at most 10 MB.
    await school.register(multipart, { limits: { fileSize: MAX_DOCUMENT_BYTES, files: 1, fields: 5, parts: 6 } });
    for (const r of RESOURCES) registerResource(school, env, r);
    registerDeclaredCalls(school, env, RESOURCES, handlers);
    for (const register of SERVER_MODULES.routes) register(school, env);
    registerFileRoutes(school, env);
  }, { prefix: '/api/:school' });

  // Real time on the same HTTP server and port (src/server/realtime/).
  attachRealtime(app, { database, directory, env, shared: openShared(config) });

  const indexHtml = path.join(config.clientDir, 'index.html');
  const hasClient = fs.existsSync(indexHtml);
  const assetsDir = path.join(config.clientDir, 'assets') + path.sep;
  // wildcard: files are looked up per request, so a rebuild is served without a restart.
  // preCompressed: the build's .br/.gz copies go to browsers that accept them.
  if (hasClient) {
    await app.register(fastifyStatic, {
      root: config.clientDir, wildcard: true, index: ['index.html'], preCompressed: true, cacheControl: false,
      // Built assets carry a content hash in their names: a browser keeps them for good. Anything
      // else (index.html, which names the current hashes) is checked with the server on each visit.
      setHeaders: (reply, file) => { reply.header('cache-control', file.startsWith(assetsDir) ? IMMUTABLE : 'no-cache'); },
    });
  }
  app.setNotFoundHandler((req, reply) => {
    const isApi = req.url.startsWith('/api/') || req.url.startsWith('/schools');
    // Screen routes get the app; a missing file (a name with an extension) stays a 404.
    const isScreen = !isApi && req.method === 'GET' && !/\.\w+$/.test(req.url.split('?')[0]!);
    if (isScreen && hasClient) return reply.sendFile('index.html');
    return reply.status(404).send(fail('Not found'));
  });
  return app;
}

/** Fastify counts n proxies with a hop test; its types do not list the number form it also takes. */
function fastifyTrustProxy(tp: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  return typeof tp === 'number' ? (_address, hop) => hop < tp : tp;
}

/** Turns any error into a status and a message a person can read; never a stack trace. */
function toUserError(err: FastifyError & { code?: string }): { status: number; message: string; details?: string[] } {
  if (err instanceof AppError) return { status: err.status, message: err.message, details: err.details };
  if (err.statusCode === 429) return { status: 429, message: err.message };
  if (err.code === 'FST_ERR_CTP_BODY_TOO_LARGE') return { status: 413, message: 'The request is too large' };
  if (err.code === 'FST_ERR_CTP_INVALID_MEDIA_TYPE') return { status: 415, message: 'Send the request body as JSON' };
  if (err.code?.startsWith('FST_ERR_CTP_') || err.code === 'FST_ERR_VALIDATION') return { status: 400, message: 'The request body is not valid JSON' };
  // Database refusals caused by the input: bad values (class 22) and constraint clashes (class 23).
  if (typeof err.code === 'string' && /^22/.test(err.code)) return { status: 400, message: 'A value is out of range or badly formed' };
  if (typeof err.code === 'string' && /^23/.test(err.code)) return { status: 409, message: 'This change conflicts with existing records' };
  if (err.statusCode && err.statusCode >= 400 && err.statusCode < 500) return { status: err.statusCode, message: err.message };
  return { status: 500, message: 'Something went wrong' };
}
