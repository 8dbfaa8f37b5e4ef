/**
 * The write path of hand-written code (src/server/framework/items.ts): batch writes run the same
 * rules as one write (references, uniqueness, hooks, audit) inside the caller's transaction.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import type { Ctx } from '../../src/server/framework/context.js';
import { createIntegrations } from '../../src/server/integrations/index.js';
import { items } from '../../src/server/framework/items.js';
import { inTransaction } from '../../src/server/framework/service.js';
import { openTestSchool, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { createRecord } from '../support/samples.js';
import type { Day } from '../../src/shared/timetable.js';

let t: TestApp;
let s: TestSchool;
let ctx: Ctx;
let year: number;
let klass: number;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  const db = schoolDb(t, s);
  const admin = await db.selectFrom('user').select(['id', 'name', 'email', 'username', 'mobile', 'role']).where('id', '=', s.users['4']!).executeTakeFirstOrThrow();
  ctx = { db, school: { code: s.code, name: s.code, schema: s.schema }, user: admin, config: t.config, integrations: createIntegrations(t.config) };
  year = (await createRecord(t, s, 'acyears', { name: '2026-27', start_date: '2026-06-01', end_date: '2027-03-31' })).id;
  klass = (await createRecord(t, s, 'classes', { class: '4', section: 'B' })).id;
});
afterAll(() => t?.close());

const student = (n: number) => ({ fullname: `Batch ${n}`, mobile: '9876543210', dob: '2016-01-01', admission_no: `B-${n}`, admission_date: '2026-06-01', ac_year_id: year, class_id: klass });
const audits = (resource: string, ids: number[]) => schoolDb(t, s).selectFrom('audit').select(['action', 'record_id']).where('resource', '=', resource).where('record_id', 'in', ids.map(String)).execute();

it('creates a batch with its hooks (year rows by afterCreateMany) and an audit record a row', async () => {
  const rows = await items(ctx, 'students').createMany([student(1), student(2)]);
  expect(rows.map((r) => [r.admission_no, r.status])).toEqual([['B-1', 1], ['B-2', 1]]);
  const years = await schoolDb(t, s).selectFrom('student_year').select(['student_id', 'class_id']).where('student_id', 'in', rows.map((r) => r.id)).execute();
  expect(years).toHaveLength(2);
  expect((await audits('students', rows.map((r) => r.id))).map((a) => a.action)).toEqual(['create', 'create']);
});

it('refuses a batch with a repeated unique value, an existing one or a missing reference, writing nothing', async () => {
  await expect(items(ctx, 'students').createMany([student(3), student(3)])).rejects.toMatchObject({ status: 409, message: 'Admission number already used' });
  await expect(items(ctx, 'students').createMany([student(4), student(1)])).rejects.toMatchObject({ status: 409 });
  await expect(items(ctx, 'students').createMany([{ ...student(5), class_id: 999999 }])).rejects.toMatchObject({ status: 400 });
  const left = await schoolDb(t, s).selectFrom('student').select('id').where('admission_no', 'in', ['B-3', 'B-4', 'B-5']).execute();
  expect(left).toEqual([]);
});

it('updates the rows a where selects, audited under the given action, and joins the caller\'s transaction', async () => {
  const [a] = await items(ctx, 'students').createMany([student(6)]);
  await expect(inTransaction(ctx, async (tx) => {
    await items(tx, 'students').updateWhere({ id: [a!.id] }, { religion: 'None' }, { action: 'tidy' });
    throw new Error('undone');
  })).rejects.toThrow('undone');
  expect((await schoolDb(t, s).selectFrom('student').select('religion').where('id', '=', a!.id).executeTakeFirstOrThrow()).religion).toBeNull();
  const done = await items(ctx, 'students').updateWhere({ id: [a!.id], admission_no: 'B-6' }, { religion: 'None' }, { action: 'tidy' });
  expect(done.map((r) => r.religion)).toEqual(['None']);
  expect(await items(ctx, 'students').updateWhere({ id: [] }, { religion: 'x' })).toEqual([]);
  expect((await audits('students', [a!.id])).map((x) => x.action)).toEqual(['create', 'tidy']);
});

it('updates many rows in one statement with the hooks\' batch variants: the students\' year rows follow them', async () => {
  const rows = await items(ctx, 'students').createMany([student(7), student(8)]);
  const ids = rows.map((r) => r.id);
  const other = (await createRecord(t, s, 'classes', { class: '4', section: 'E' })).id;
  const studentUpdates: unknown[] = [];
  const counted: Ctx = { ...ctx, db: ctx.db.withPlugin({
    transformQuery: ({ node }) => {
      if (node.kind === 'UpdateQueryNode' && JSON.stringify(node.table).includes('"name":"student"')) studentUpdates.push(node);
      return node;
    },
    transformResult: async ({ result }) => result,
  }) };
  const moved = await items(counted, 'students').updateWhere({ id: ids }, { class_id: other }, { action: 'move' });
  expect(moved.map((r) => [r.id, r.class_id])).toEqual(ids.map((id) => [id, other]));
  expect(studentUpdates).toHaveLength(1);
  const years = await schoolDb(t, s).selectFrom('student_year').select(['student_id', 'class_id']).where('student_id', 'in', ids).orderBy('student_id').execute();
  expect(years).toEqual(ids.map((id) => ({ student_id: id, class_id: other })));
  expect((await audits('students', ids)).map((a) => a.action)).toEqual(['create', 'create', 'move', 'move']);
});

it('lets rows share a unique set whose field is empty, as the unique index does, one at a time and in a batch', async () => {
  const period = await items(ctx, 'timetable-timings').create({ name: 'P1', period_type: 1, start_time: '09:00', end_time: '09:40' });
  const entry = (day: Day, room: string | null) => ({ class_id: klass, day, period_id: period.id, room });
  const a = await items(ctx, 'timetable').create(entry('monday', null));
  const klass2 = (await createRecord(t, s, 'classes', { class: '4', section: 'C' })).id;
  await items(ctx, 'timetable').create({ ...entry('monday', null), class_id: klass2 });
  await items(ctx, 'timetable').createMany([entry('tuesday', null), { ...entry('tuesday', null), class_id: klass2 }]);
  // A room is still one class's at a time.
  await items(ctx, 'timetable').update(a.id, { room: '12' });
  await expect(items(ctx, 'timetable').create({ ...entry('monday', '12'), class_id: (await createRecord(t, s, 'classes', { class: '4', section: 'D' })).id }))
    .rejects.toMatchObject({ status: 409, message: 'This room is taken in that period' });
});

it('writes each row its own changes in one statement, audited for the person each row names; a missing row is not found', async () => {
  const period = (name: string, start: string) => ({ name, period_type: 1 as const, start_time: start, end_time: '16:00' });
  const made = await items(ctx, 'timetable-timings').createMany([period('E1', '14:00'), period('E2', '14:40'), period('E3', '15:20')]);
  const updates: unknown[] = [];
  const counted: Ctx = { ...ctx, db: ctx.db.withPlugin({
    transformQuery: ({ node }) => { if (node.kind === 'UpdateQueryNode') updates.push(node); return node; },
    transformResult: async ({ result }) => result,
  }) };
  const [a, b, c] = made;
  const written = await items(counted, 'timetable-timings').updateEach([
    { id: a!.id, name: 'Evening 1', end_time: '14:30' },
    { id: b!.id, name: 'Evening 2' },
    { id: c!.id, end_time: '15:50' },
  ], { action: 'rename', actor: (row) => (row.id === b!.id ? null : ctx.user.id) });
  expect(updates).toHaveLength(1);
  expect(written.map((r) => [r.name, String(r.start_time).slice(0, 5), String(r.end_time).slice(0, 5)])).toEqual([
    ['Evening 1', '14:00', '14:30'], ['Evening 2', '14:40', '16:00'], ['E3', '15:20', '15:50'],
  ]);
  const trail = await schoolDb(t, s).selectFrom('audit').select(['record_id', 'action', 'user_id']).where('resource', '=', 'timetable-timings')
    .where('action', '=', 'rename').orderBy('record_id').execute();
  expect(trail).toEqual([a, b, c].map((x) => ({ record_id: String(x!.id), action: 'rename', user_id: x === b ? null : ctx.user.id })));
  await expect(items(ctx, 'timetable-timings').updateEach([{ id: 999999, name: 'None' }])).rejects.toMatchObject({ status: 404 });
  expect(await items(ctx, 'timetable-timings').updateEach([])).toEqual([]);
});
