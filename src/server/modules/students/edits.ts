import type { FastifyInstance } from 'fastify';
import { RESOURCES } from '../../../shared/registry.js';
import { untypedDb, type Ctx } from '../../framework/context.js';
import { ok } from '../../framework/envelope.js';
import { badRequest, notFound } from '../../framework/errors.js';
import { keyOfPath, storedFileInfo } from '../../framework/files.js';
import { addRoute, type RouteEnv } from '../../framework/route.js';
import { endAllSessions } from '../../framework/sessions.js';
import { audit, inTransaction } from '../../framework/service.js';
import { assertValid, compile } from '../../framework/validation.js';
import { EDITORS } from './lists.js';
import { lockStudent } from './queries.js';
import { STUDENT_STATUS } from './student.hooks.js';
import { STUDENT_ROLE } from './users.js';

/** Small edits from the student details page, and removing a student (duplicate entry or TC). */

export const admissionTypePayload = {
  type: 'object',
  properties: {
    admission_type: { type: ['string', 'null'], title: 'Adm. Type', enum: ['NEW', 'RE ADM.', null], errorMessage: { enum: 'Admission type must be NEW or RE ADM.', type: 'Admission type must be NEW or RE ADM.' } },
    aym_id: { type: 'integer', title: 'Academic Year Entry', minimum: 1, maximum: 999999999 },
  },
  required: ['admission_type', 'aym_id'],
  additionalProperties: false,
  errorMessage: { required: { admission_type: 'Admission type is required', aym_id: 'Academic year entry is required' } },
};
const validateAdmissionType = compile(admissionTypePayload);

const PROFILE_ITEMS = ['profile_photo', 'religion', 'caste', 'gender', 'blood_group', 'quota'] as const;
type ProfileItem = (typeof PROFILE_ITEMS)[number];

export const profileItemPayload = {
  type: 'object',
  properties: {
    student_id: { type: 'integer', title: 'Student', minimum: 1, maximum: 999999999 },
    name: { type: 'string', title: 'Item', enum: [...PROFILE_ITEMS], errorMessage: { enum: `Item must be one of ${PROFILE_ITEMS.join(', ')}` } },
    value: { type: ['string', 'null'], title: 'Value', maxLength: 500 },
  },
  required: ['student_id', 'name', 'value'],
  additionalProperties: false,
  errorMessage: { required: { student_id: 'Student is required', name: 'Item is required', value: 'Value is required' } },
};
const validateProfileItem = compile(profileItemPayload);

const ITEM_LIMITS: Record<Exclude<ProfileItem, 'profile_photo' | 'gender'>, [string, number]> = {
  religion: ['Religion', 50], caste: ['Caste', 50], blood_group: ['Blood Group', 10], quota: ['Quota', 50],
};
const GENDERS = ['Male', 'Female', 'Others'];

/** The value stored for a profile item, checked against the student record's own rules. */
async function profileValue(ctx: Ctx, name: ProfileItem, value: string | null): Promise<string | null> {
  if (name === 'profile_photo') {
    if (value === null || value === '') return null;
    const file = await storedFileInfo(ctx, value);
    if (!file || file.kind !== 'profile') throw badRequest('Upload the photo first: the value must be a path returned by the profile photo upload');
    return value.slice(value.indexOf(`/api/${ctx.school.code}/files/`));
  }
  if (name === 'gender') {
    if (value === null || value === '') return null;
    if (!GENDERS.includes(value)) throw badRequest('Gender must be Male, Female or Others');
    return value;
  }
  const [title, max] = ITEM_LIMITS[name];
  if (value === null) throw badRequest(`${title} is required`);
  if (value.trim().length > max) throw badRequest(`${title} must be at most ${max} characters`);
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
async function removeStudent(ctx: Ctx, student: Record<string, any>) {
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

export function registerStudentEditRoutes(app: FastifyInstance, env: RouteEnv) {
  addRoute(app, env, {
    call: 'POST /student/admission-type/', roles: EDITORS, module: 'students', perm: 'update',
    handler: async (ctx, req) => {
      assertValid(validateAdmissionType, admissionTypePayload, req.body);
      const b = req.body as { admission_type: 'NEW' | 'RE ADM.' | null; aym_id: number };
      const row = await inTransaction(ctx, async (tx) => {
        const existing = await tx.db.selectFrom('student_year').selectAll().where('id', '=', b.aym_id).forUpdate().executeTakeFirst();
        if (!existing) throw notFound('Academic Year Entry not found');
        await tx.db.updateTable('student_year').set({ admission_type: b.admission_type, updated_at: new Date() }).where('id', '=', b.aym_id).execute();
        await audit(tx, 'student-years', 'admission-type', b.aym_id, { before: existing.admission_type, admission_type: b.admission_type });
        return { aym_id: b.aym_id, student_id: existing.student_id, admission_type: b.admission_type };
      });
      return ok(row, 'Admission type updated!');
    },
  });

  addRoute(app, env, {
    call: 'POST /student/profile/item/', roles: EDITORS, module: 'students', perm: 'update',
    handler: async (ctx, req) => {
      assertValid(validateProfileItem, profileItemPayload, req.body);
      const b = req.body as { student_id: number; name: ProfileItem; value: string | null };
      const stored = await inTransaction(ctx, async (tx) => {
        const student = await lockStudent(tx, b.student_id);
        const value = await profileValue(tx, b.name, b.value);
        await tx.db.updateTable('student').set({ [b.name]: value, updated_at: new Date() }).where('id', '=', b.student_id).execute();
        if (b.name === 'profile_photo' && student.profile_photo !== value) await dropPhotoIfUnused(tx, student.profile_photo);
        await audit(tx, 'students', 'profile-item', b.student_id, { name: b.name, before: student[b.name], value });
        return value;
      });
      return ok({ student_id: b.student_id, name: b.name, value: stored }, b.name === 'profile_photo' ? 'Student Pic Updated!' : 'Student profile item updated');
    },
  });

  addRoute(app, env, {
    call: 'DELETE /student/{id}/{reason}/', roles: EDITORS, module: 'students', perm: 'remove', textParams: ['reason'],
    handler: async (ctx, _req, p, t) => {
      const reason = t.reason;
      if (reason !== DELETE_REASONS.DUPLICATE && reason !== DELETE_REASONS.TC) throw badRequest('Invalid reason');
      const result = await inTransaction(ctx, async (tx) => {
        const student = await lockStudent(tx, p.id!);
        if (reason === DELETE_REASONS.TC) {
          await tx.db.updateTable('student').set({ status: STUDENT_STATUS.TC, updated_at: new Date() }).where('id', '=', student.id).execute();
          await audit(tx, 'students', 'tc', student.id, { before: student.status, status: STUDENT_STATUS.TC });
          return { id: student.id, reason: 2, status: STUDENT_STATUS.TC };
        }
        const outcome = await removeStudent(tx, student);
        await audit(tx, 'students', 'remove', student.id, { reason: 1, student, ...outcome });
        return { id: student.id, reason: 1, ...outcome };
      });
      return ok(result, 'Student Deleted');
    },
  });
}
