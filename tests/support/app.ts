import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../../src/server/app.js';
import { loadConfig, type Config } from '../../src/server/config.js';
import { openDatabase, type Database } from '../../src/server/db/index.js';
import { hashPassword } from '../../src/server/framework/passwords.js';
import { schemaFor } from '../../src/server/framework/schools.js';
import { createSchool } from '../../src/server/provision.js';

export const PASSWORD = 'Passw0rd!';

/** One user of each role, plus admins with narrower module access. */
export const PEOPLE = {
  1: 'parent', 2: 'teacher', 3: 'admin', 4: 'super', 5: 'driver', 6: 'watchman', 7: 'librarian',
} as const;

export interface Reply<T = any> {
  status: number;
  body: { success: boolean; data: T; error: string | null; message?: string; errors?: string[]; meta?: Record<string, any> };
}

export interface TestSchool {
  code: string;
  schema: string;
  /** Bearer tokens by role (3 = admin with every module), plus 'admin-none' (no module access) and 'admin-read' (read-only). */
  tokens: Record<string, string>;
  users: Record<string, number>;
}

export interface TestApp {
  app: FastifyInstance;
  database: Database;
  config: Config;
  school(opts?: { code?: string }): Promise<TestSchool>;
  /** Calls `METHOD /path/` on a school's API: call(s, 'PUT /class/', body, token). */
  call<T = any>(code: string, call: string, body?: unknown, token?: string, headers?: Record<string, string>): Promise<Reply<T>>;
  close(): Promise<void>;
}

let counter = 0;
export const randomCode = () => `T${crypto.randomBytes(3).toString('hex').toUpperCase().slice(0, 4)}${(counter++ % 10)}`;

/** The app on a private copy of the template database (or on PostgreSQL when DATABASE_URL is set). */
export async function testApp(overrides: Partial<Config> = {}): Promise<TestApp> {
  let dataDir = '';
  if (!process.env.DATABASE_URL) {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'school-test-'));
    fs.cpSync(inject('pgliteTemplate'), dataDir, { recursive: true });
  }
  const config: Config = { ...loadConfig({ ...process.env, DATA_DIR: dataDir || undefined }), publicUrl: 'http://school.test', authRateLimit: 1000, ...overrides };
  const database = await openDatabase(config);
  const app = await buildApp({ config, database });
  const schemas: string[] = [];

  const call: TestApp['call'] = async (code, c, body, token, headers = {}) => {
    const [method, url] = c.split(' ') as [any, string];
    // A string body is sent as it is (raw JSON text, possibly broken); anything else is serialised.
    const res = await app.inject({
      method, url: `/api/${code}${url}`,
      headers: {
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...(typeof body === 'string' ? { 'content-type': 'application/json' } : {}),
        ...headers,
      },
      ...(body === undefined ? {} : { payload: body as object | string }),
    });
    let parsed: any;
    try { parsed = res.json(); } catch { parsed = { raw: res.body }; }
    return { status: res.statusCode, body: parsed };
  };

  async function school(opts: { code?: string } = {}): Promise<TestSchool> {
    const made = await createTestSchool(database, config, opts.code ?? randomCode(), async (code, email) => {
      const r = await call(code, 'POST /login/', { email, password: PASSWORD });
      if (!r.body.success) throw new Error(`login ${email}: ${r.body.error}`);
      return r.body.data.token as string;
    });
    schemas.push(made.schema);
    return made;
  }

  return {
    app, database, config, school, call,
    async close() {
      await app.close();
      if (process.env.DATABASE_URL) {
        for (const s of schemas) await database.db.schema.dropSchema(s).ifExists().cascade().execute();
        await database.db.withSchema('platform').deleteFrom('school').where('schema_name', 'in', schemas.length ? schemas : ['-']).execute();
      }
      await database.close();
      if (dataDir) fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/**
 * A school with one login of each role (PEOPLE) and admins with every module, read-only and no
 * module access; `login` answers a token for an e-mail (through the app the test runs).
 */
export async function createTestSchool(database: Database, config: Pick<Config, 'configDir'>, code: string, login: (code: string, email: string) => Promise<string>): Promise<TestSchool> {
  const { schema } = await createSchool(database.db, { configDir: config.configDir, code, name: `School ${code}`, adminEmail: `super@${code.toLowerCase()}.test`, adminPassword: PASSWORD });
  const sdb = database.db.withSchema(schema);
  const hash = await hashPassword(PASSWORD);
  const users: Record<string, number> = {};
  const people: Array<[string, number, string]> = [
    ['1', 1, 'parent'], ['2', 2, 'teacher'], ['3', 3, 'admin'], ['5', 5, 'driver'], ['6', 6, 'watchman'], ['7', 7, 'librarian'],
    ['admin-none', 3, 'admin-none'], ['admin-read', 3, 'admin-read'],
  ];
  for (const [key, role, name] of people) {
    const u = await sdb.insertInto('user').values({ name, email: `${name}@${code.toLowerCase()}.test`, mobile: role === 1 ? '9800000001' : null, username: role === 1 ? '9800000001' : null, role, password_hash: hash }).returning('id').executeTakeFirstOrThrow();
    users[key] = u.id;
  }
  const { MODULES } = await import('../../src/shared/registry.js');
  await sdb.insertInto('admin_module_access').values([
    ...MODULES.map((m) => ({ user_id: users['3'], module_key: m.key, create: true, read: true, update: true, delete: true })),
    ...MODULES.map((m) => ({ user_id: users['admin-read'], module_key: m.key, create: false, read: true, update: false, delete: false })),
  ]).execute();
  const tokens: Record<string, string> = {};
  const logins: Array<[string, string]> = [['4', `super@${code.toLowerCase()}.test`], ...people.map(([k, , n]) => [k, `${n}@${code.toLowerCase()}.test`] as [string, string])];
  for (const [key, email] of logins) tokens[key] = await login(code, email);
  users['4'] = (await sdb.selectFrom('user').select('id').where('role', '=', 4).executeTakeFirstOrThrow()).id;
  return { code, schema, tokens, users };
}

/** The usual start of a test file: an app and one school in it. */
export async function openTestSchool(overrides: Partial<Config> = {}): Promise<{ t: TestApp; s: TestSchool }> {
  const t = await testApp(overrides);
  return { t, s: await t.school() };
}

export const schoolDb = (t: TestApp, s: TestSchool) => t.database.db.withSchema(s.schema);
export { schemaFor };
