/**
 * Several real app servers on one PostgreSQL database and one Redis, as a school group runs them:
 * each a process of its own (`src/server/main.ts`), so nothing is shared but what the servers
 * share in production. Needs PostgreSQL on 127.0.0.1:5432 and Redis on 127.0.0.1:6379 (CLUSTER_PG
 * and CLUSTER_REDIS to point elsewhere); the database and the Redis keys are the test's own and
 * are removed at the end.
 */
import crypto from 'node:crypto';
import { Redis } from 'ioredis';
import { sql } from 'kysely';
import { loadConfig } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/index.js';
import { ensurePlatform } from '../../src/server/framework/schools.js';
import { api, startServer, tempDir, type ServerProcess } from './process.js';
import { createTestSchool, PASSWORD, randomCode, type TestSchool } from './app.js';

const PG = process.env.CLUSTER_PG ?? 'postgres://postgres@127.0.0.1:5432';
export const REDIS_URL = process.env.CLUSTER_REDIS ?? 'redis://127.0.0.1:6379';

export interface Cluster {
  servers: ServerProcess[];
  /** The test school, made before the servers start; tokens logged in through server 0. */
  school: TestSchool;
  databaseUrl: string;
  /** The REDIS_PREFIX of these servers. */
  prefix: string;
  database: Database;
  /** Starts one more server of the group (to replace one that was killed). */
  add(env?: Record<string, string>): Promise<ServerProcess>;
  /** Calls the school's API through server `i` ('GET /auth/'), as the super admin unless a token is given. */
  call(i: number, call: string, body?: unknown, token?: string): ReturnType<typeof api>;
  /** Logs a school login in through a server: its token. */
  login(server: ServerProcess, email: string, code?: string): Promise<string>;
  stop(): Promise<void>;
}

export async function startCluster(opts: { servers?: number; env?: Record<string, string> } = {}): Promise<Cluster> {
  const id = crypto.randomBytes(4).toString('hex');
  const dbName = `school_cluster_${id}`;
  const admin = await openDatabase({ databaseUrl: `${PG}/postgres`, dataDir: '' });
  await sql.raw(`create database ${dbName}`).execute(admin.db);
  await admin.close();
  const databaseUrl = `${PG}/${dbName}`;
  const database = await openDatabase({ databaseUrl, dataDir: '' });
  await ensurePlatform(database.db);
  const prefix = `test-${id}`;
  const env = { DATABASE_URL: databaseUrl, REDIS_URL, REDIS_PREFIX: prefix, SEED_DEMO: '0', ...opts.env };
  const servers: ServerProcess[] = [];
  const add = async (more: Record<string, string> = {}) => {
    const s = await startServer({ dataDir: tempDir('school-cluster-'), seedDemo: false, env: { ...env, ...more } });
    servers.push(s);
    return s;
  };
  // The first creates the platform's tables; the others start together once they exist.
  await add();
  await Promise.all(Array.from({ length: (opts.servers ?? 2) - 1 }, () => add()));
  const login = async (server: ServerProcess, email: string, code = school.code) => {
    const r = await api(server.base, `POST /api/${code}/login/`, { email, password: PASSWORD });
    if (!r.body.success) throw new Error(`login ${email}: ${r.body.error}`);
    return r.body.data.token as string;
  };
  const config = loadConfig({ ...process.env, DATABASE_URL: databaseUrl });
  const school: TestSchool = await createTestSchool(database, config, randomCode(), (code, email) => login(servers[0]!, email, code));
  return {
    servers, school, databaseUrl, prefix, database, add, login,
    call: (i, call, body, token = school.tokens['4']) => api(servers[i]!.base, call.replace(' ', ` /api/${school.code}`), body, token),
    async stop() {
      await Promise.all(servers.map((s) => s.stop('SIGTERM', 5000)));
      await database.close();
      const redis = new Redis(REDIS_URL, { lazyConnect: true });
      await redis.connect().then(async () => {
        let cursor = '0';
        do {
          const [next, keys] = await redis.scan(cursor, 'MATCH', `${prefix}*`, 'COUNT', 1000);
          if (keys.length) await redis.del(...keys);
          cursor = next;
        } while (cursor !== '0');
      }).finally(() => redis.disconnect());
      const again = await openDatabase({ databaseUrl: `${PG}/postgres`, dataDir: '' });
      await sql.raw(`drop database if exists ${dbName} with (force)`).execute(again.db);
      await again.close();
    },
  };
}
