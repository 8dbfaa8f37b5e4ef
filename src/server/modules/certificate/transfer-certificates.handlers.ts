import { sql } from 'kysely';
import { defineHandlers } from '../../framework/calls.js';
import { saveFile } from '../../framework/files.js';
import { inTransaction } from '../../framework/service.js';
import { items } from '../../framework/items.js';
import type { Ctx } from '../../framework/context.js';
import { schoolHeader } from '../../platform/school-header.js';
import { applyScope } from '../../framework/scope.js';
import { service } from '../../framework/services.js';
import { resourceByName } from '../../../shared/registry.js';
import { classText } from '../../../shared/transfer-certificate.js';
import { certificateOf } from './tc-data.js';
import { renderTransferCertificate } from './tc-pdf.js';

/**
 * Transfer certificates. The serial is the school's own sequence per calendar year, taken from a
 * counter row under its lock inside the issuing transaction, so two admins issuing at once never
 * get the same number and a failed issue gives its number back. A student holds one certificate:
 * issuing again answers the one already issued.
 */

/** The next serial of the year: TC/2026/0001, TC/2026/0002, ... */
async function nextSerial(ctx: Ctx, year: number): Promise<{ serial: string; serial_no: number }> {
  const row = await ctx.db.insertInto('setting').values({ key: `tc_serial_${year}`, value: JSON.stringify(1) })
    .onConflict((oc) => oc.column('key').doUpdateSet({ value: sql`to_jsonb((setting.value #>> '{}')::bigint + 1)` }))
    .returning('value').executeTakeFirstOrThrow();
  const n = Number(row.value);
  return { serial: `TC/${year}/${String(n).padStart(4, '0')}`, serial_no: n };
}

/** A date column's day, whichever way the driver hands it over. */
const dayOf = (v: unknown) => (v instanceof Date ? v.toISOString() : String(v)).slice(0, 10);

const fileWord = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

export default defineHandlers('transfer-certificates', {
  find: async (ctx, { params }) => {
    const students = ctx.db.selectFrom('student as s').leftJoin('class as c', 'c.id', 's.class_id').leftJoin('transfer_certificate as tc', 'tc.student_id', 's.id');
    const rows = await applyScope(ctx, resourceByName('students'), students, 's')
      .select(['s.id', 's.fullname', 's.admission_no', 's.status', 'c.class', 'c.section', 'tc.serial'])
      .where(sql`lower(s.admission_no)`, '=', params.admission_no.trim().toLowerCase()).execute();
    if (!rows.length) throw ctx.fail('missing', 404, { admission_no: params.admission_no.trim() });
    return rows;
  },

  one: async (ctx, { params }) => certificateOf(ctx, params.student_id),

  issue: async (ctx, { body }) => {
    const out = await inTransaction(ctx, async (tx) => {
      // The student's lock makes a second issue for the same student wait, then find the first.
      const student = await service('students.lockStudent')(tx, body.student_id);
      const existing = await tx.db.selectFrom('transfer_certificate').select(['id', 'serial']).where('student_id', '=', student.id).executeTakeFirst();
      if (existing) return { ...existing, already: true };
      const admitted = student.admission_date ? dayOf(student.admission_date) : null;
      if (admitted && body.leaving_date < admitted) throw tx.fail('beforeAdmission');
      const klass = await tx.db.selectFrom('class').select(['class', 'section']).where('id', '=', student.class_id).executeTakeFirst();
      const issuedAt = new Date();
      const year = issuedAt.getUTCFullYear();
      const { serial, serial_no } = await nextSerial(tx, year);
      const row = await items(tx, 'transfer-certificates').create({
        student_id: student.id, serial, serial_year: year, serial_no, class_left: klass ? classText(klass) : '',
        leaving_date: body.leaving_date, reason: body.reason.trim(), conduct: body.conduct.trim(), fees_paid_upto: body.fees_paid_upto.trim(),
        remarks: (body.remarks ?? '').trim(), issued_by: tx.user.id, issued_at: issuedAt.toISOString(),
      }, { action: 'issue' });
      await service('students.markStudentTc')(tx, student);
      return { ...row, already: false };
    });
    return ctx.answer({ id: out.id, serial: out.serial, student_id: body.student_id }, out.already ? 'already' : 'issued');
  },

  pdf: async (ctx, { params }) => {
    const data = await certificateOf(ctx, params.student_id);
    if (!data.certificate) throw ctx.fail('notIssued', 404);
    const bytes = await renderTransferCertificate(data, await schoolHeader(ctx));
    const name = `Transfer-Certificate-${fileWord(data.certificate.serial ?? '')}-${fileWord(data.student.fullname)}.pdf`;
    const saved = await saveFile(ctx, { name, contentType: 'application/pdf', bytes, kind: 'transfer-certificate' });
    return { path: saved.path, name, serial: data.certificate.serial };
  },
});
