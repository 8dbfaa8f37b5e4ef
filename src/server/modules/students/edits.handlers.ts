import { RESOURCES, resourceByName } from '../../../shared/registry.js';
import type { StudentsProfileItemPayload as ProfileItemPayload } from '../../../generated/call-inputs.js';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { untypedDb, type Ctx } from '../../framework/context.js';
import { badRequest, notFound } from '../../framework/errors.js';
import { keyOfPath, storedFileInfo } from '../../framework/files.js';
import { endAllSessions } from '../../framework/sessions.js';
import { audit, inTransaction } from '../../framework/service.js';
import { lockStudent, markStudentTc } from './queries.js';
import { STUDENT_STATUS } from './student.hooks.js';
import { STUDENT_ROLE } from './users.js';

/** Small edits from the student details page, and removing a student (duplicate entry or TC). */

type ProfileItem = ProfileItemPayload['name'];
const student = resourceByName('students').schema.properties as Record<string, { title: string; maxLength?: number; oneOf?: Array<{ const: string }> }>;

/** The value stored for a profile item, checked against the student record's own rules (schemas/students/student.json). */
async function profileValue(ctx: CallCtx, name: ProfileItem, value: string | null): Promise<string | null> {
  if (name === 'profile_photo') {
    if (value === null || value === '') return null;
    const file = await storedFileInfo(ctx, value);
    if (!file || file.kind !== 'profile') throw ctx.fail('photo');
    return value.slice(value.indexOf(`/api/${ctx.school.code}/files/`));
  }
  const { title, maxLength, oneOf } = student[name]!;
  if (oneOf) {
    if (value === null || value === '') return null;
    if (!oneOf.some((o) => o.const === value)) throw ctx.fail('choice', 400, { title, choices: oneOf.map((o) => o.const).join(', ').replace(/, ([^,]*)$/, ' or $1') });
    return value;
  }
  if (value === null) throw ctx.fail('required', 400, { title });
  if (value.trim().length > maxLength!) throw ctx.fail('tooLong', 400, { title, max: maxLength });
  return value.trim();
}

/** A replaced or removed student's photo file goes when no student shows it any more. */
async function dropPhotoIfUnused(ctx: Ctx, path: string | null | undefined) {
  const key = path ? keyOfPath(ctx, path) : null;
  if (!key) return;
  const shared = await ctx.db.selectFrom('student').select('id').where('profile_photo', '=', path!).executeTakeFirst();
  if (!shared) await ctx.db.deleteFrom('file').where('key', '=', key).where('kind', '=', 'profile').execute();
}

const DELETE_REASONS = { DUPLICATE: '1', TC: '2' } as const;

/** Tables whose rows point at a student, from the declarations (years, contacts, pocket money, messages, attendance, ...). */
const studentChildren = () => RESOURCES.flatMap((r) => Object.values(r.relations ?? {})
  .filter((rel) => rel.from && rel.resource === 'students' && r.table)
  .map((rel) => ({ table: r.table!, column: rel.from!, keep: rel.keep })))
  .filter((x, i, all) => all.findIndex((y) => y.table === x.table && y.column === x.column) === i);

/** Reason 1: the record was a mistake, so it and everything hanging off it goes, with its login if no one else uses it. */
async function removeStudent(ctx: CallCtx, student: Pick<Awaited<ReturnType<typeof lockStudent>>, 'id' | 'user_id' | 'profile_photo'>) {
  const removed: Record<string, number> = {};
  // Money records are never swept away with a student.
  for (const { table, column, keep } of studentChildren()) {
    if (keep && await untypedDb(ctx.db).selectFrom(table).select('id').where(column, '=', student.id).executeTakeFirst()) throw badRequest(keep);
  }
  for (const { table, column } of studentChildren()) {
    const res = await untypedDb(ctx.db).deleteFrom(table).where(column, '=', student.id).executeTakeFirst();
    removed[table] = (removed[table] ?? 0) + Number(res.numDeletedRows);
  }
  await ctx.db.deleteFrom('student').where('id', '=', student.id).execute();

  let userRemoved = false;
  if (student.user_id != null) {
    const shared = await ctx.db.selectFrom('student').select('id').where('user_id', '=', student.user_id).executeTakeFirst();
    const user = await ctx.db.selectFrom('user').select(['id', 'role']).where('id', '=', student.user_id).executeTakeFirst();
    if (!shared && user?.role === STUDENT_ROLE) {
      await ctx.db.deleteFrom('message').where('to_id', '=', user.id).execute();
      await endAllSessions(ctx.db, ctx.school.schema, user.id);
      await ctx.db.deleteFrom('user').where('id', '=', user.id).execute();
      userRemoved = true;
    }
  }
  await dropPhotoIfUnused(ctx, student.profile_photo);
  return { removed, user_removed: userRemoved };
}

export default defineHandlers('students', {
  admissionType: async (ctx, { body: b }) => inTransaction(ctx, async (tx) => {
    const existing = await tx.db.selectFrom('student_year').selectAll().where('id', '=', b.aym_id).forUpdate().executeTakeFirst();
    if (!existing) throw notFound('Academic Year Entry not found');
    await tx.db.updateTable('student_year').set({ admission_type: b.admission_type, updated_at: new Date() }).where('id', '=', b.aym_id).execute();
    await audit(tx, 'student-years', 'admission-type', b.aym_id, { before: existing.admission_type, admission_type: b.admission_type });
    return { aym_id: b.aym_id, student_id: existing.student_id, admission_type: b.admission_type };
  }),

  profileItem: async (ctx, { body: b }) => {
    const stored = await inTransaction(ctx, async (tx) => {
      const student = await lockStudent(tx, b.student_id);
      const value = await profileValue(tx, b.name, b.value);
      await tx.db.updateTable('student').set({ [b.name]: value, updated_at: new Date() }).where('id', '=', b.student_id).execute();
      if (b.name === 'profile_photo' && student.profile_photo !== value) await dropPhotoIfUnused(tx, student.profile_photo);
      await audit(tx, 'students', 'profile-item', b.student_id, { name: b.name, before: student[b.name], value });
      return value;
    });
    return ctx.answer({ student_id: b.student_id, name: b.name, value: stored }, b.name === 'profile_photo' ? 'photo' : 'item');
  },

  remove: async (ctx, { params: p }) => {
    const reason = p.reason;
    if (reason !== DELETE_REASONS.DUPLICATE && reason !== DELETE_REASONS.TC) throw ctx.fail('reason');
    return inTransaction(ctx, async (tx) => {
      const student = await lockStudent(tx, p.id);
      if (reason === DELETE_REASONS.TC) {
        await markStudentTc(tx, student);
        return { id: student.id, reason: 2, status: STUDENT_STATUS.TC as number, removed: undefined, user_removed: undefined };
      }
      const outcome = await removeStudent(tx, student);
      await audit(tx, 'students', 'remove', student.id, { reason: 1, student, ...outcome });
      return { id: student.id, reason: 1, status: undefined, ...outcome };
    });
  },
});
