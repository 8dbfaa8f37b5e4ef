import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dbTables } from '../../src/build/gen-db.js';
import { MIGRATIONS } from '../../src/generated/migrations.js';
import { MigrationError } from '../../src/server/db/migrate.js';
import { forgetModuleStates } from '../../src/server/framework/modules.js';
import { syncSchool } from '../../src/server/db/sync.js';
import { declaredForeignKeys } from '../../src/server/db/foreign-keys.js';
import { RELATIONS } from '../../src/server/db/migrations/0002-foreign-keys.js';
import { RESOURCES } from '../../src/shared/registry.js';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';

let t: TestApp;
let s: TestSchool;
let admin: string;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
});
afterAll(() => t?.close());

const call = (c: string, body?: unknown, token = admin) => t.call(s.code, c, body, token);
const db = () => t.database.db;

async function notNull(table: string, column: string): Promise<boolean> {
  const { rows } = await sql<{ is_nullable: string }>`select is_nullable from information_schema.columns
    where table_schema = ${s.schema} and table_name = ${table} and column_name = ${column}`.execute(db());
  return rows[0]!.is_nullable === 'NO';
}
async function foreignKey(name: string) {
  const { rows } = await sql<{ def: string; validated: boolean }>`select pg_get_constraintdef(c.oid) as def, c.convalidated as validated
    from pg_constraint c join pg_namespace n on n.oid = c.connamespace where n.nspname = ${s.schema} and c.conname = ${name}`.execute(db());
  return rows[0];
}
async function columnsOf(table: string): Promise<string[]> {
  const { rows } = await sql<{ column_name: string }>`select column_name from information_schema.columns
    where table_schema = ${s.schema} and table_name = ${table} order by column_name`.execute(db());
  return rows.map((r) => r.column_name);
}

describe('a new school', () => {
  it('has had every migration, once, in order', async () => {
    const done = await schoolDb(t, s).selectFrom('migration').select('name').orderBy('applied_at').orderBy('name').execute();
    expect(done.map((r) => r.name)).toEqual(MIGRATIONS.map((m) => m.name));
    // Starting again runs none of them a second time.
    await syncSchool(db(), s.schema);
    expect(await schoolDb(t, s).selectFrom('migration').select('name').execute()).toHaveLength(MIGRATIONS.length);
  });

  it('keeps required values and declared references in the database itself', async () => {
    expect(await notNull('student', 'fullname')).toBe(true);
    expect(await notNull('fee_installment', 'receipt_no')).toBe(true);
    expect(await notNull('student', 'gender')).toBe(false);
    expect(await foreignKey('student_year_class_id_fk')).toEqual({ def: expect.stringMatching(/REFERENCES .*class\(id\) DEFERRABLE INITIALLY DEFERRED$/), validated: true });
    expect((await foreignKey('class_test_test_id_fk'))!.def).toMatch(/ON DELETE CASCADE/);
    expect((await foreignKey('class_class_teacher_id_fk'))!.def).toMatch(/ON DELETE SET NULL/);

    // A hand-written write that leaves a reference to nothing is refused at commit.
    const year = await createRecord(t, s, 'acyears', { name: '2039-40', start_date: '2039-06-01', end_date: '2040-03-31' });
    const orphan = db().transaction().execute(async (trx) => {
      await trx.withSchema(s.schema).insertInto('student_year').values({ student_id: 987654, ac_year_id: year.id, class_id: 987654 }).execute();
    });
    await expect(orphan).rejects.toThrow(/foreign key/);
    await expect(db().withSchema(s.schema).insertInto('student').values({ fullname: null } as any).execute()).rejects.toThrow(/null/);
  });

  it("has a new module's references as keys from its first start, deleting as 0002's keys do", async () => {
    // The hostel came after the keys of 0002: its table gets its keys when the sync makes it.
    expect((await foreignKey('hostel_student_student_id_fk'))!.def).toMatch(/REFERENCES .*student\(id\) DEFERRABLE INITIALLY DEFERRED$/);
    expect((await foreignKey('hostel_student_ac_year_id_fk'))!.def).toMatch(/REFERENCES .*ac_year\(id\)/);
    // The declarations imply the same keys, with the same delete rules, that 0002 lists.
    const declared = RESOURCES.flatMap(declaredForeignKeys);
    for (const [table, column, parent, onDelete] of RELATIONS) {
      expect(declared, `${table}.${column}`).toContainEqual({ table, column, parent, onDelete });
    }
  });

  it('deletes as the API always did: used rows refused with the message, optional references cleared, a test with its details', async () => {
    const year = await createRecord(t, s, 'acyears', { name: '2040-41', start_date: '2040-06-01', end_date: '2041-03-31' });
    const teacher = await createRecord(t, s, 'teachers', {});
    const cls = await createRecord(t, s, 'classes', { class_teacher_id: teacher.id });
    await admitStudent(t, s, admin, { ac_year_id: year.id, class_id: cls.id }, 'mig');
    const refused = await call(`DELETE /class/${cls.id}/`);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatch(/^This class is used by/);

    expect((await call(`DELETE /teacher/${teacher.id}/`)).body.success).toBe(true);
    const after = await schoolDb(t, s).selectFrom('class').select('class_teacher_id').where('id', '=', cls.id).executeTakeFirstOrThrow();
    expect(after.class_teacher_id).toBeNull();

    const subject = await createRecord(t, s, 'subjects', { class_id: cls.id });
    const test = await createRecord(t, s, 'tests', { ac_year: year.id });
    await createRecord(t, s, 'test-subjects', { test_id: test.id, class_id: cls.id, subject_id: subject.id });
    expect((await call(`DELETE /test/${test.id}/`)).body.success).toBe(true);
    expect(await schoolDb(t, s).selectFrom('class_test').select('id').where('test_id', '=', test.id).execute()).toEqual([]);
  });
});

describe('the generated DB type', () => {
  it('lists exactly the tables and columns a school has, NOT NULL where the database says so', async () => {
    const { tables } = await dbTables();
    const { rows } = await sql<{ table_schema: string; table_name: string; column_name: string; is_nullable: string }>`
      select table_schema, table_name, column_name, is_nullable from information_schema.columns
      where table_schema in (${s.schema}, 'platform') order by 1, 2, 3`.execute(db());
    const actual: Record<string, string[]> = {};
    for (const r of rows) {
      const key = r.table_schema === 'platform' ? `platform.${r.table_name}` : r.table_name;
      (actual[key] ??= []).push(`${r.column_name}${r.is_nullable === 'NO' ? '' : '?'}`);
    }
    const typed = Object.fromEntries(tables.map((t) => [t.key, t.columns.map((c) => `${c.name}${c.nullable ? '?' : ''}`).sort()]));
    expect(typed).toEqual(actual);
  });
});

describe('a failed migration', () => {
  it('leaves the school as it was and says which migration failed and why', async () => {
    const before = await columnsOf('student');
    const failing = [...MIGRATIONS, {
      name: '9999-failing',
      up: async (trx: any) => {
        await sql`alter table student add column half_done text`.execute(trx);
        await sql`update student set fullname = upper(fullname)`.execute(trx);
        await sql`select 1 / (count(*) - count(*)) from student`.execute(trx);
      },
    }];
    const err = await syncSchool(db(), s.schema, failing).catch((e) => e);
    expect(err).toBeInstanceOf(MigrationError);
    expect(err.message).toMatch(new RegExp(`^Migration 9999-failing failed for the school in schema "${s.schema}": division by zero\\. Nothing was changed`));
    expect(await columnsOf('student')).toEqual(before);
    expect(await schoolDb(t, s).selectFrom('migration').select('name').where('name', '=', '9999-failing').execute()).toEqual([]);
    // The school still answers.
    expect((await call('GET /acyears/')).body.success).toBe(true);
  });

  it('names every empty required value instead of half-adding NOT NULL', async () => {
    const sdb = schoolDb(t, s);
    await sql`alter table ${sql.table(`${s.schema}.teacher`)} alter column mobile drop not null`.execute(db());
    const teacher = await createRecord(t, s, 'teachers', {});
    await sdb.updateTable('teacher').set({ mobile: null }).where('id', '=', teacher.id).execute();
    await sdb.deleteFrom('migration').where('name', '=', '0001-required-columns-not-null').execute();
    const err = await syncSchool(db(), s.schema).catch((e) => e);
    expect(err.message).toContain('Migration 0001-required-columns-not-null failed');
    expect(err.message).toContain('required values are missing: teacher.mobile is empty in 1 row(s)');
    expect(await notNull('teacher', 'mobile')).toBe(false);

    await sdb.updateTable('teacher').set({ mobile: '9845012345' }).where('id', '=', teacher.id).execute();
    await syncSchool(db(), s.schema);
    expect(await notNull('teacher', 'mobile')).toBe(true);
  });
});

describe('foreign keys on a store with references to deleted rows', () => {
  it('clears optional ones as a delete would, keeps required ones and checks every new row', async () => {
    const sdb = schoolDb(t, s);
    // The store as it was before the keys: none of them, and rows pointing at a student long gone.
    const { rows: keys } = await sql<{ table: string; name: string }>`select cl.relname as table, c.conname as name from pg_constraint c
      join pg_class cl on cl.oid = c.conrelid join pg_namespace n on n.oid = c.connamespace
      where n.nspname = ${s.schema} and c.contype = 'f' and c.conname like '%\_fk'`.execute(db());
    expect(keys.length).toBe(RESOURCES.flatMap(declaredForeignKeys).length);
    for (const k of keys) await sql`alter table ${sql.table(`${s.schema}.${k.table}`)} drop constraint ${sql.id(k.name)}`.execute(db());
    await sdb.deleteFrom('migration').where('name', 'in', ['0002-foreign-keys', '0004-declared-foreign-keys']).execute();
    const gone = 99_999_999;
    const note = await sdb.insertInto('message').values({ subject: 'Old', message: 'to a removed student', student_id: gone }).returning('id').executeTakeFirstOrThrow();
    const contact = await sdb.insertInto('student_contact').values({ student_id: gone, contact_name: 'Kept', mobile: '9800011111' }).returning('id').executeTakeFirstOrThrow();

    await syncSchool(db(), s.schema);
    expect((await sdb.selectFrom('message').select('student_id').where('id', '=', note.id).executeTakeFirstOrThrow()).student_id).toBeNull();
    expect(await sdb.selectFrom('student_contact').select('contact_name').where('id', '=', contact.id).executeTakeFirst()).toEqual({ contact_name: 'Kept' });
    expect((await foreignKey('student_contact_student_id_fk'))!.validated).toBe(false);
    expect((await foreignKey('message_student_id_fk'))!.validated).toBe(true);
    await expect(sdb.insertInto('student_contact').values({ student_id: gone, contact_name: 'New', mobile: '9800011112' }).execute()).rejects.toThrow(/foreign key/);
    // Relations declared after 0002 (the hostel's) get their keys from 0004.
    expect((await foreignKey('hostel_student_student_id_fk'))!.validated).toBe(true);
  });
});

describe('the notification time rename', () => {
  it('keeps the rows and their times of a store made before it, and the API still answers `timestamp`', async () => {
    const sdb = schoolDb(t, s);
    // The store as the previous release made it: the column was `timestamp`, without the index.
    await sql`drop index ${sql.table(`${s.schema}.notification_user_created_ix`)}`.execute(db());
    await sql`alter table ${sql.table(`${s.schema}.notification`)} rename column created_at to "timestamp"`.execute(db());
    await sdb.deleteFrom('migration').where('name', '=', '0003-notification-created-at').execute();
    await sql`insert into ${sql.table(`${s.schema}.notification`)} (user_id, title, body, "timestamp") values (null, 'Sports day', 'Friday', '2026-01-15T10:00:00Z')`.execute(db());

    await syncSchool(db(), s.schema);
    expect(await columnsOf('notification')).toEqual(['body', 'created_at', 'id', 'title', 'user_id']);
    const res = await call('GET /notifications/');
    expect(res.body.data.find((n: any) => n.title === 'Sports day')).toMatchObject({ body: 'Friday', timestamp: new Date('2026-01-15T10:00:00Z').toISOString() });
    const { rows } = await sql<{ indexdef: string }>`select indexdef from pg_indexes where schemaname = ${s.schema} and indexname = 'notification_user_created_ix'`.execute(db());
    expect(rows[0]!.indexdef).toMatch(/\(user_id, created_at DESC\)/);
  });
});

describe('the module renames', () => {
  it('carries a store\'s switches, admin permissions and audit history from the old module and resource names to the new ones', async () => {
    const sdb = schoolDb(t, s);
    const admin2 = s.users['admin-none']!;
    // The store as the previous release left it: the simple ledger switched off under its old key, an admin's grant on it, an audit row.
    await sdb.deleteFrom('setting').where('key', '=', 'modules').execute();
    await sdb.insertInto('setting').values({ key: 'modules', value: JSON.stringify({ accounts: { enabled: false, hidden: true }, fees: { enabled: true, hidden: false } }) }).execute();
    await sdb.deleteFrom('admin_module_access').where('user_id', '=', admin2).execute();
    await sdb.insertInto('admin_module_access').values({ user_id: admin2, module_key: 'inventory', create: false, read: true, update: false, delete: false }).execute();
    await sdb.insertInto('audit').values({ resource: 'finance-inventory', action: 'create', record_id: '1' }).execute();
    await sdb.deleteFrom('migration').where('name', '=', '0007-module-names').execute();

    await syncSchool(db(), s.schema);
    const switches = (await sdb.selectFrom('setting').select('value').where('key', '=', 'modules').executeTakeFirstOrThrow()).value;
    expect(switches).toEqual({ simple_accounts: { enabled: false, hidden: true }, fees: { enabled: true, hidden: false } });
    expect(await sdb.selectFrom('admin_module_access').select(['module_key', 'read', 'create']).where('user_id', '=', admin2).execute())
      .toEqual([{ module_key: 'simple_inventory', read: true, create: false }]);
    expect(await sdb.selectFrom('audit').select('resource').where('record_id', '=', '1').where('action', '=', 'create').where('resource', 'like', 'finance-inventory%').execute())
      .toEqual([{ resource: 'finance-inventory-items' }]);
    forgetModuleStates(s.schema);
    const modules = (await call('GET /settings/modules/')).body.data;
    expect(modules.find((m: any) => m.module_key === 'simple_accounts')).toMatchObject({ enabled: false, hidden: true });
  });
});

describe('file bytes kept elsewhere', () => {
  it("lets a store's file rows keep their bytes and new ones name an object instead, never neither", async () => {
    const sdb = schoolDb(t, s);
    const file = sql.table(`${s.schema}.file`);
    // The store as the previous release made it: bytes required, no location.
    await sql`alter table ${file} drop constraint file_bytes_or_location`.execute(db());
    await sql`alter table ${file} drop column location`.execute(db());
    await sql`alter table ${file} alter column bytes set not null`.execute(db());
    await sdb.deleteFrom('migration').where('name', '=', '0008-file-bytes-elsewhere').execute();
    await sql`insert into ${file} (key, name, content_type, size, bytes) values (${'K'.repeat(32)}, 'old.csv', 'text/csv', 3, ${Buffer.from('a,b')})`.execute(db());

    await syncSchool(db(), s.schema);
    expect(await notNull('file', 'bytes')).toBe(false);
    const old = await sdb.selectFrom('file').select(['bytes', 'location']).where('key', '=', 'K'.repeat(32)).executeTakeFirstOrThrow();
    expect([Buffer.from(old.bytes!).toString(), old.location]).toEqual(['a,b', null]);
    await sdb.insertInto('file').values({ key: 'L'.repeat(32), name: 'new.csv', content_type: 'text/csv', size: 3, bytes: null, location: 's3://bucket/school/key' }).execute();
    await expect(sdb.insertInto('file').values({ key: 'M'.repeat(32), name: 'none.csv', content_type: 'text/csv', size: 3, bytes: null }).execute()).rejects.toThrow(/file_bytes_or_location/);
    await expect(sdb.insertInto('file').values({ key: 'N'.repeat(32), name: 'both.csv', content_type: 'text/csv', size: 3, bytes: Buffer.from('a,b'), location: 's3://bucket/x' }).execute()).rejects.toThrow(/file_bytes_or_location/);
  });
});
