import { RESOURCES, resourceByName } from '../../../shared/registry.js';
import type { StudentsProfileItemPayload as ProfileItemPayload } from '../../../generated/call-inputs.js';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { untypedDb, type Ctx } from '../../framework/context.js';
import { badRequest } from '../../framework/errors.js';
import { keyOfPath, removeStoredFile, storedFileInfo } from '../../framework/files.js';
import { endAllSessions } from '../../framework/sessions.js';
import { inTransaction } from '../../framework/service.js';
import { items, type Values } from '../../framework/items.js';
import type { Student } from '../../../generated/entities/students.js';
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
  if (!shared) await removeStoredFile(ctx, key, 'profile');
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
  for (const { table, column, keep } of studentChildren()) {
    const { n } = await untypedDb(ctx.db).selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where(column, '=', student.id).executeTakeFirstOrThrow();
    // Money records are never swept away with a student.
    if (keep && Number(n)) throw badRequest(keep);
    removed[table] = (removed[table] ?? 0) + Number(n);
  }
  await items(ctx, 'students').remove(student.id, { withDependents: true });

  let userRemoved = false;
  if (student.user_id != null) {
    const shared = await ctx.db.selectFrom('student').select('id').where('user_id', '=', student.user_id).executeTakeFirst();
    const user = await ctx.db.selectFrom('user').select(['id', 'role']).where('id', '=', student.user_id).executeTakeFirst();
    if (!shared && user?.role === STUDENT_ROLE) {
      await items(ctx, 'messages').removeWhere({ to_id: user.id });
      await endAllSessions(ctx.db, ctx.school.schema, user.id);
      await ctx.db.deleteFrom('user').where('id', '=', user.id).execute();
      userRemoved = true;
    }
  }
  await dropPhotoIfUnused(ctx, student.profile_photo);
  return { removed, user_removed: userRemoved };
}

export default defineHandlers('students', {
  admissionType: async (ctx, { body: b }) => {
    const row = await items(ctx, 'student-years').update(b.aym_id, { admission_type: b.admission_type }, { action: 'admission-type' });
    return { aym_id: b.aym_id, student_id: row.student_id, admission_type: b.admission_type };
  },

  profileItem: async (ctx, { body: b }) => {
    const stored = await inTransaction(ctx, async (tx) => {
      const student = await lockStudent(tx, b.student_id);
      const value = await profileValue(tx, b.name, b.value);
      await items(tx, 'students').update(b.student_id, { [b.name]: value } as Values<Student>, { action: 'profile-item' });
      if (b.name === 'profile_photo' && student.profile_photo !== value) await dropPhotoIfUnused(tx, student.profile_photo);
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
      return { id: student.id, reason: 1, status: undefined, ...outcome };
    });
  },
});
