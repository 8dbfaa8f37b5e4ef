/**
 * The marks viewer (spec 2 Marks): a test's results for a class, and approving them. Approval
 * closes the marks to edits until an admin re-opens them, and tells each family once, by SMS
 * when the school's SMS switch is on (spec 2 §4); approving again is refused and texts no one.
 */
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { AppError } from '../../framework/errors.js';
import { items } from '../../framework/items.js';
import { inTransaction } from '../../framework/service.js';
import { publish } from '../../framework/events.js';
import { sendAll, type SmsMessage } from '../../integrations/sms/index.js';
import { schoolName } from '../../platform/settings.js';
import { smsAllowed, templatedSms } from '../../platform/sms.js';
import { familyMobiles } from '../../platform/family-mobiles.js';
import { approvalOf, isApproved, testOfClass } from './sheet.js';
import { testResults } from './results.js';
import { APPROVAL_STATUS } from '../../../generated/enums/marks.js';

/** "412/500 (82.4%)", or the grades of a graded test ("A, B"). */
function marksSummary(r: Awaited<ReturnType<typeof testResults>>['students'][number]): string | null {
  if (r.total !== null) return `${r.total}/${r.max_total} (${r.percentage}%)`;
  const grades = Object.values(r.marks).map((m) => (m.absent ? 'AB' : m.grade)).filter(Boolean);
  return grades.length ? grades.join(', ') : null;
}

/** The families' texts for an approved test: one per number of each student with marks. */
async function resultTexts(ctx: CallCtx, test: { id: number; name: string; ac_year: number }, classId: number): Promise<SmsMessage[]> {
  const { students } = await testResults(ctx, test.id, classId, test.ac_year);
  const withMarks = students.map((s) => ({ s, summary: marksSummary(s) })).filter((x) => x.summary !== null);
  const mobiles = await familyMobiles(ctx, withMarks.map((x) => x.s.student_id));
  const school = await schoolName(ctx);
  return withMarks.flatMap(({ s, summary }) => (mobiles.get(s.student_id) ?? []).map((mobile) => ({
    mobile,
    ...templatedSms(ctx, 'marks_approved', { school, student: s.fullname, test: test.name, marks: summary! },
      `Dear Parent, ${s.fullname} has scored ${summary} in ${test.name}. - ${school}`),
  })));
}

export default defineHandlers('marks', {
  async view(ctx, { params }) {
    const test = await ctx.db.selectFrom('test').select(['id', 'name']).where('id', '=', params.test).executeTakeFirst();
    const results = await testResults(ctx, params.test, params.class, params.year);
    const approval = await approvalOf(ctx, params.test, params.class);
    return {
      test_name: test?.name ?? null, ...results,
      approval: { approved: isApproved(approval), approved_at: approval?.approved_at ?? null, sms_sent: approval?.sms_sent ?? 0 },
    };
  },

  async approve(ctx, { params }) {
    const { test, subjects } = await testOfClass(ctx, params.test, params.class);
    const approval = await inTransaction(ctx, async (tx) => {
      const any = await tx.db.selectFrom('marks').select('id').where('test_subject_id', 'in', subjects.map((s) => s.test_subject_id)).limit(1).executeTakeFirst();
      if (!any) throw ctx.fail('noMarks');
      // A re-opened approval is approved again; else one is created. Of two approvals at once the
      // second finds the row locked and then approved, or its create refused by the unique (test, class).
      const approvals = items(tx, 'marks-approvals');
      const now = new Date().toISOString();
      const [again] = await approvals.updateWhere({ test_id: test.id, class_id: params.class, status: APPROVAL_STATUS.RE_OPENED },
        { status: APPROVAL_STATUS.APPROVED, approved_by: ctx.user.id, approved_at: now }, { action: 'approve' });
      const row = again ?? await approvals.create({ test_id: test.id, class_id: params.class, status: APPROVAL_STATUS.APPROVED, approved_by: ctx.user.id, approved_at: now }, { action: 'approve' })
        .catch((e) => { throw e instanceof AppError && e.status === 409 ? ctx.fail('already', 409) : e; });
      await publish(tx, 'marks.approved', { test_id: test.id, class_id: params.class });
      return row;
    });
    if (approval.notified_at !== null || !await smsAllowed(ctx.db, 'sms')) return ctx.answer({ approved: true, sms_sent: 0 }, 'quiet');
    // Families are told once: the first approval claims the notice, a later one (after a re-open) does not.
    const [claimed] = await items(ctx, 'marks-approvals').updateWhere({ id: approval.id, notified_at: null }, { notified_at: new Date().toISOString() }, { action: 'notify' });
    if (!claimed) return ctx.answer({ approved: true, sms_sent: 0 }, 'quiet');
    const texts = await resultTexts(ctx, test, params.class);
    await sendAll(ctx.integrations.sms, ctx.db, texts);
    // The claim is made once per approval, so no other write adds to its count meanwhile.
    await items(ctx, 'marks-approvals').update(approval.id, { sms_sent: (claimed.sms_sent ?? 0) + texts.length }, { action: 'approval-sms' });
    return ctx.answer({ approved: true, sms_sent: texts.length }, texts.length ? 'sent' : 'quiet');
  },

  async reopen(ctx, { params }) {
    const row = await inTransaction(ctx, async (tx) => {
      const [r] = await items(tx, 'marks-approvals').updateWhere({ test_id: params.test, class_id: params.class, status: APPROVAL_STATUS.APPROVED },
        { status: APPROVAL_STATUS.RE_OPENED }, { action: 'reopen' });
      if (!r) throw ctx.fail('notApproved', 409);
      return r;
    });
    return { reopened: row.id };
  },
});
