import { sql } from 'kysely';
import type { Ctx } from '../../framework/context.js';
import { notFound } from '../../framework/errors.js';
import { applyScope } from '../../framework/scope.js';
import { resourceByName } from '../../../shared/registry.js';

/** What a transfer certificate says: the student's record, the class they left from, and the certificate once issued. */
export async function certificateOf(ctx: Ctx, studentId: number) {
  // Through the students' row scope: a parent reaches only their own children.
  const rows = ctx.db.selectFrom('student as s').leftJoin('class as c', 'c.id', 's.class_id').leftJoin('ac_year as y', 'y.id', 's.ac_year_id');
  const student = await applyScope(ctx, resourceByName('students'), rows, 's')
    .select([
      's.id', 's.fullname', 's.admission_no', 's.dob', 's.admission_date', 's.gender', 's.religion', 's.caste', 's.status',
      sql<string | null>`s.extras->>'father_name'`.as('father_name'), sql<string | null>`s.extras->>'mother_name'`.as('mother_name'),
      sql<string | null>`s.extras->>'nationality'`.as('nationality'),
      'c.class', 'c.section', 'y.name as ac_year',
    ])
    .where('s.id', '=', studentId).executeTakeFirst();
  if (!student) throw notFound('Student not found');
  const certificate = await ctx.db.selectFrom('transfer_certificate')
    .select(['id', 'serial', 'class_left', 'leaving_date', 'reason', 'conduct', 'fees_paid_upto', 'remarks', 'issued_at'])
    .where('student_id', '=', studentId).executeTakeFirst();
  const day = (v: unknown) => (v ? String(v instanceof Date ? v.toISOString() : v).slice(0, 10) : null);
  return {
    student: { ...student, dob: day(student.dob), admission_date: day(student.admission_date) },
    certificate: certificate ? { ...certificate, leaving_date: day(certificate.leaving_date)!, remarks: certificate.remarks ?? '' } : null,
  };
}

export type CertificateData = Awaited<ReturnType<typeof certificateOf>>;
