import type { Ctx } from '../../framework/context.js';

export interface DemoOfficeInput {
  /** The office admin, who runs some modules only. */
  officeUserId: number;
  adminUserId: number;
  teacherUserId: number;
  parentUserId: number;
  /** The demo parent's children. */
  children: number[];
}

const HOUR = 3_600_000;

/**
 * The office admin's access to the admin actions and messages (on top of the modules the demo
 * gives them; marks and the hostel stay out of their reach), and a few messages between staff
 * and the demo parent: two awaiting a reply, one answered, one without replies.
 */
export async function seedDemoOffice(ctx: Ctx, input: DemoOfficeInput): Promise<void> {
  await ctx.db.insertInto('admin_module_access').values([
    { user_id: input.officeUserId, module_key: 'admin_actions', create: true, read: true, update: true, delete: true },
    { user_id: input.officeUserId, module_key: 'messages', create: true, read: true, update: true, delete: true },
  ]).onConflict((oc) => oc.columns(['user_id', 'module_key']).doNothing()).execute();
  const [first, second] = [input.children[0] ?? null, input.children[1] ?? input.children[0] ?? null];
  const now = Date.now();
  const messages = [
    { hours: 96, by: input.adminUserId, student: first, subject: 'Fee receipt', message: 'The receipt for the first term fees has been issued. You can download it from the Fees section.', reply_enabled: false, reply: null },
    { hours: 50, by: input.teacherUserId, student: first, subject: 'Science project', message: 'Your child has done very well on the science project. Could you help with the model for the exhibition next week?', reply_enabled: true, reply: 'Thank you, ma\'am. Yes, we will help with the model.' },
    { hours: 20, by: input.teacherUserId, student: second, subject: 'Parent-teacher meeting', message: 'The parent-teacher meeting is on Saturday at 10 am. Please reply if you can come.', reply_enabled: true, reply: null },
    { hours: 3, by: input.adminUserId, student: first, subject: 'Bus route change', message: 'From Monday the school bus will reach your stop 10 minutes earlier, at 7:20 am. Please confirm you have seen this.', reply_enabled: true, reply: null },
  ];
  // raw write: the demo school's past, stored as it happened (demo data)
  await ctx.db.insertInto('message').values(messages.map((m) => ({
    sent_by: m.by, to_id: input.parentUserId, student_id: m.student, subject: m.subject, message: m.message,
    reply_enabled: m.reply_enabled, reply: m.reply, replied_at: m.reply ? new Date(now - (m.hours - 2) * HOUR).toISOString() : null,
    timestamp: new Date(now - m.hours * HOUR).toISOString(),
  }))).execute();
}
