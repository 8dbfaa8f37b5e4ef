/**
 * The school command (`npm run school -- create|list|outbox`) as an operator runs it:
 * a real process on a data directory, then a real server on the same directory.
 * On PGlite the command and the server take turns on the store; with DATABASE_URL the
 * command runs against PostgreSQL while the server runs.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase } from '../../src/server/db/index.js';
import { api, cleanTempDirs, runCli, startServer, stopAllServers, tempDir, type CliResult, type ServerProcess } from '../support/process.js';

const PG = Boolean(process.env.DATABASE_URL);

afterAll(async () => {
  await stopAllServers();
  cleanTempDirs();
});

const shown = (r: CliResult) => `exit ${r.code}\nstdout: ${r.stdout}\nstderr: ${r.stderr}`;

/** Bad input: a non-zero exit and a message naming the problem, nothing on stdout claiming success. */
function expectRefused(r: CliResult, message: RegExp | string) {
  expect(r.code, shown(r)).not.toBe(0);
  expect(r.signal).toBeNull();
  expect(r.stderr, shown(r)).toMatch(message);
  expect(r.stdout).not.toMatch(/Created school/);
  expect(r.stderr).not.toMatch(/\n\s+at /); // a message, not a stack trace
}

const badInputs = (code: string): Array<[string, string[], RegExp]> => [
  ['a code of 5 characters', ['create', '--code', 'ABC12', '--name', 'Short Code', '--admin-email', 'x@short.test', '--admin-password', 'secret123'], /The school code must be 6 letters or digits/],
  ['a duplicate code', ['create', '--code', code, '--name', 'Again', '--admin-email', 'x@again.test', '--admin-password', 'secret123'], new RegExp(`A school with code ${code} already exists`)],
  ['a short password', ['create', '--code', 'SHORT1', '--name', 'Short Password', '--admin-email', 'x@short.test', '--admin-password', 'secret1'], /Password must be at ?least 8 characters/],
  ['a missing argument', ['create', '--code', 'MISS01', '--name', 'Missing', '--admin-email', 'x@miss.test'], /Missing --admin-password/],
];

async function schoolsListed(base: string) {
  const r = await api(base, 'GET /schools/');
  expect(r.status).toBe(200);
  return r.body.data as Array<{ code: string; name: string; api: string }>;
}

if (!PG) {
  describe('school command on the embedded database', () => {
    const CODE = 'ABC123';
    const create = ['create', '--code', CODE, '--name', 'ABC School', '--admin-email', 'a@abc.test', '--admin-password', 'secret123'];
    let dir: string;
    let server: ServerProcess;
    const cli = (args: string[]) => runCli(args, { dataDir: dir, embedded: true });
    const lockFile = () => path.join(dir, 'store.lock');

    beforeAll(async () => {
      // The first start creates the demo school DEMO01, then leaves the store to the command.
      dir = tempDir('school-cli-');
      const first = await startServer({ dataDir: dir, embedded: true });
      expect((await first.stop('SIGTERM')).code, first.output()).toBe(0);
    }, 120_000);

    it('create makes a school and frees the store afterwards', async () => {
      const r = await cli(create);
      expect(r.code, shown(r)).toBe(0);
      expect(r.stdout).toContain(`Created school ${CODE} (schema school_abc123); its super admin is a@abc.test. API base: /api/${CODE}`);
      expect(fs.existsSync(lockFile())).toBe(false);
    });

    it('list shows it', async () => {
      const r = await cli(['list']);
      expect(r.code, shown(r)).toBe(0);
      expect(r.stdout.split('\n')).toEqual(expect.arrayContaining([`${CODE}\tABC School\t/api/${CODE}`, 'DEMO01\tDemo Public School\t/api/DEMO01']));
    });

    for (const [what, args, message] of badInputs(CODE)) {
      it(`refuses ${what} with a clear message`, async () => {
        expectRefused(await cli(args), message);
        expect(fs.existsSync(lockFile())).toBe(false);
      });
    }

    it('bad input created nothing', async () => {
      const r = await cli(['list']);
      expect(r.stdout.trim().split('\n').map((l) => l.split('\t')[0]).sort()).toEqual([CODE, 'DEMO01']);
    });

    it('the new admin logs in through a server started on the directory, and the school is listed', async () => {
      server = await startServer({ dataDir: dir, embedded: true });
      const login = await api(server.base, `POST /api/${CODE}/login/`, { email: 'a@abc.test', password: 'secret123' });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      expect(login.body.data.user).toMatchObject({ email: 'a@abc.test', role: 4 });
      const me = await api(server.base, `GET /api/${CODE}/auth/`, undefined, login.body.data.token);
      expect(me.body.data.email).toBe('a@abc.test');
      expect(await schoolsListed(server.base)).toEqual(expect.arrayContaining([{ code: CODE, name: 'ABC School', api: `/api/${CODE}` }]));
    }, 60_000);

    it('while the server holds the directory the command exits non-zero saying the store is in use', async () => {
      for (const args of [['list'], ['create', '--code', 'BUSY01', '--name', 'Busy', '--admin-email', 'b@busy.test', '--admin-password', 'secret123']]) {
        const r = await cli(args);
        expectRefused(r, /in use/);
        expect(r.stderr).toContain(`pid ${server.proc.pid}`);
      }
      // The server's lock and service are untouched.
      expect(JSON.parse(fs.readFileSync(lockFile(), 'utf8')).pid).toBe(server.proc.pid);
      expect((await schoolsListed(server.base)).map((s) => s.code)).not.toContain('BUSY01');
    });

    it('outbox shows the reset mail once the server is stopped', async () => {
      const forgot = await api(server.base, 'POST /api/DEMO01/forgot-password/', { email: 'admin@demo01.school' });
      expect(forgot.status, JSON.stringify(forgot.body)).toBe(200);
      expect((await server.stop('SIGTERM')).code).toBe(0);
      const r = await cli(['outbox', '--code', 'DEMO01']);
      expect(r.code, shown(r)).toBe(0);
      expect(r.stdout).toContain('to admin@demo01.school [outbox: recorded]');
      expect(r.stdout).toContain('Subject: Demo Public School: reset your password');
      expect(r.stdout).toMatch(/\/reset-password\?user=\d+&key=[\w-]+&sch_code=DEMO01/);
      const empty = await cli(['outbox', '--code', CODE]);
      expect(empty.code, shown(empty)).toBe(0);
      expect(empty.stdout).toContain('The outbox is empty.');
    }, 60_000);

    it('takes over a lock left by a process that died', async () => {
      fs.writeFileSync(lockFile(), JSON.stringify({ pid: 2 ** 22 + 12345, holder: 'server' }));
      const r = await cli(['list']);
      expect(r.code, shown(r)).toBe(0);
      expect(r.stdout).toContain(CODE);
      expect(fs.existsSync(lockFile())).toBe(false);
    });
  });
} else {
  describe('school command on PostgreSQL while the server runs', () => {
    // A fresh code per run: the database is shared, so the school is removed afterwards.
    const CODE = `Q${crypto.randomBytes(3).toString('hex').toUpperCase().slice(0, 5)}`;
    const SCHEMA = `school_${CODE.toLowerCase()}`;
    const create = ['create', '--code', CODE, '--name', 'ABC School', '--admin-email', 'a@abc.test', '--admin-password', 'secret123'];
    let dir: string;
    let server: ServerProcess;
    const cli = (args: string[]) => runCli(args, { dataDir: dir });

    beforeAll(async () => {
      dir = tempDir('school-cli-pg-');
      server = await startServer({ dataDir: dir, seedDemo: false });
    }, 120_000);

    afterAll(async () => {
      await server?.stop('SIGTERM');
      const database = await openDatabase({ dataDir: dir, databaseUrl: process.env.DATABASE_URL });
      try {
        await database.db.schema.dropSchema(SCHEMA).ifExists().cascade().execute();
        await database.db.withSchema('platform').deleteFrom('school').where('code', '=', CODE).execute();
      } finally {
        await database.close();
      }
    });

    it('create makes a school', async () => {
      const r = await cli(create);
      expect(r.code, shown(r)).toBe(0);
      expect(r.stdout).toContain(`Created school ${CODE} (schema ${SCHEMA}); its super admin is a@abc.test. API base: /api/${CODE}`);
    });

    it('list shows it', async () => {
      const r = await cli(['list']);
      expect(r.code, shown(r)).toBe(0);
      expect(r.stdout.split('\n')).toContain(`${CODE}\tABC School\t/api/${CODE}`);
    });

    for (const [what, args, message] of badInputs(CODE)) {
      it(`refuses ${what} with a clear message`, async () => {
        expectRefused(await cli(args), message);
      });
    }

    it('the running server serves the new school at once: the admin logs in, and the school is listed', async () => {
      const login = await api(server.base, `POST /api/${CODE}/login/`, { email: 'a@abc.test', password: 'secret123' });
      expect(login.status, JSON.stringify(login.body)).toBe(200);
      expect(login.body.data.user).toMatchObject({ email: 'a@abc.test', role: 4 });
      const listed = await schoolsListed(server.base);
      expect(listed).toEqual(expect.arrayContaining([{ code: CODE, name: 'ABC School', api: `/api/${CODE}` }]));
      expect(listed.map((s) => s.code)).not.toContain('ABC12');
    });

    it('outbox shows the reset mail while the server runs', async () => {
      const forgot = await api(server.base, `POST /api/${CODE}/forgot-password/`, { email: 'a@abc.test' });
      expect(forgot.status, JSON.stringify(forgot.body)).toBe(200);
      const r = await cli(['outbox', '--code', CODE]);
      expect(r.code, shown(r)).toBe(0);
      expect(r.stdout).toContain('to a@abc.test [outbox: recorded]');
      expect(r.stdout).toContain('Subject: ABC School: reset your password');
      expect(r.stdout).toMatch(new RegExp(`/reset-password\\?user=\\d+&key=[\\w-]+&sch_code=${CODE}`));
    });
  });

  describe('school command on an embedded store held by a server', () => {
    it('exits non-zero saying the store is in use', async () => {
      const dir = tempDir('school-cli-busy-');
      const busy = await startServer({ dataDir: dir, embedded: true, seedDemo: false });
      const r = await runCli(['list'], { dataDir: dir, embedded: true });
      expectRefused(r, /in use/);
      expect(JSON.parse(fs.readFileSync(path.join(dir, 'store.lock'), 'utf8')).pid).toBe(busy.proc.pid);
      expect((await busy.stop('SIGTERM')).code).toBe(0);
    }, 60_000);
  });
}

describe('school config --check', () => {
  const dir = tempDir('school-config-cli-');
  fs.mkdirSync(path.join(dir, 'schools'));
  const check = (code: string, env: Record<string, string | undefined> = { CONFIG_DIR: dir }, extra: string[] = ['--check']) =>
    runCli(['config', '--code', code, ...extra], { dataDir: tempDir('school-config-data-'), env });

  it('passes the demo school\'s file and says what it sets, without a database', async () => {
    const r = await check('DEMO01', { CONFIG_DIR: undefined });
    expect(r.code, shown(r)).toBe(0);
    expect(r.stdout).toContain('config/schools/DEMO01.json is valid; a running server applies it within a second.');
    expect(r.stdout).toContain('fields of students: custom house (string: Ganga/Yamuna/Kaveri/Narmada); retitles quota');
    expect(r.stdout).toContain('SMS templates: fee_due (DLT 1107160000000000001)');
  });

  it('refuses a file with each problem as file: path: reason, and exit code 1', async () => {
    const file = path.join(dir, 'schools', 'BAD001.json');
    fs.writeFileSync(file, JSON.stringify({ fields: { students: { hide: ['dob'] } }, receipt: { copies_per_sheet: 9 } }));
    const shape = await check('BAD001');
    expectRefused(shape, `${file}: $.receipt.copies_per_sheet: must be <= 3`);
    fs.writeFileSync(file, JSON.stringify({ fields: { students: { hide: ['dob'] } } }));
    const rule = await check('bad001');
    expectRefused(rule, `${file}: $.fields.students.hide[0]: dob is required by the product and cannot be hidden\n1 problem: the file is refused and a running server keeps the configuration it had`);
    expect(rule.stdout).toBe('');
  });

  it('says when there is no file, and asks for --check and a code', async () => {
    expectRefused(await check('NONE01'), `${path.join(dir, 'schools', 'NONE01.json')}: no such file; the school NONE01 runs with the product's defaults`);
    const usage = await check('DEMO01', { CONFIG_DIR: dir }, []);
    expect(usage.code).toBe(2);
    expect(usage.stderr).toMatch(/^Missing --check/);
    expectRefused(await check('AB-12', { CONFIG_DIR: dir }), 'The school code must be 6 letters or digits');
  });
});
