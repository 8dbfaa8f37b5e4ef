import { badRequest } from '../../framework/errors.js';
import type { Ctx } from '../../framework/context.js';
import type { TestSubject } from '../../../generated/entities/academics.js';
import type { ResourceHooks } from '../../framework/hooks.js';

/** A test entry's subject must be one of its class's subjects, with sane marks and times. */
async function check(ctx: Ctx, d: Partial<TestSubject>) {
  if (Number(d.min_marks) > Number(d.max_marks)) throw badRequest('Min marks cannot be more than max marks');
  if (d.start_time && d.end_time && new Date(d.end_time) <= new Date(d.start_time)) throw badRequest('End time must be after start time');
  const subject = d.subject_id == null ? undefined : await ctx.db.selectFrom('subject').select('class_id').where('id', '=', d.subject_id).executeTakeFirst();
  if (subject && subject.class_id !== d.class_id) throw badRequest('This subject does not belong to the chosen class');
}

export const testSubjectHooks: ResourceHooks<TestSubject> = {
  async beforeCreate(ctx, data) { await check(ctx, data); return data; },
  async beforeUpdate(ctx, data, existing) { await check(ctx, { ...existing, ...data }); return data; },
};

export default testSubjectHooks;
