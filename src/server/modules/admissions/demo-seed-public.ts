import type { Ctx } from '../../framework/context.js';
import { audit } from '../../framework/service.js';
import { TestGateway } from '../../integrations/payments/index.js';
import { ensureTestSecret } from '../../platform/payment-gateways.js';
import { applicationNumber, getAdmissionSettings, putAdmissionSettings } from './settings.js';

/** Two parents' applications through the public form: name, class, parent, mobile, e-mail, mother, paid. */
const APPLICATIONS: Array<[string, string, string, string, string, string, boolean]> = [
  ['Aditi Kulkarni', '1', 'Suresh Kulkarni', '9845098450', 'suresh.kulkarni@example.com', 'Vidya Kulkarni', true],
  ['Rohan Shetty', 'LKG', 'Prakash Shetty', '9741097410', 'prakash.shetty@example.com', 'Geetha Shetty', false],
];
const FEE_PAISE = 20000;

/**
 * The demo school's public admissions: the form open for LKG to 2 with a ₹200 application fee,
 * and two applications made through it, one of them paid through the built-in test gateway
 * (a signed result checked like a parent's) and one still awaiting its fee.
 */
export async function seedDemoAdmissionsPublic(ctx: Ctx) {
  const settings = await getAdmissionSettings(ctx.db);
  await putAdmissionSettings(ctx.db, { ...settings, adm_enabled: '1', adm_classes_list: ['LKG', 'UKG', '1', '2'], adm_application_fees: FEE_PAISE / 100 });
  const gateway = new TestGateway(await ensureTestSecret(ctx.db));
  for (const [i, [student, klass, parent, mobile, email, mother, paid]] of APPLICATIONS.entries()) {
    const at = new Date(Date.now() - (APPLICATIONS.length - i) * 86_400_000);
    // raw write: the demo school's past, stored as it happened (demo data)
    const row = await ctx.db.insertInto('adm_application').values({
      student_name: student, application_class: klass, parent_name: parent, mobile, email, timestamp: at, status: 0,
      payment_status: paid ? 1 : -1, fee_amount: FEE_PAISE / 100, student_photo: null, fee_payment: null,
      details: JSON.stringify({
        student: { dob: i ? '2022-03-14' : '2020-08-21', gender: i ? 'm' : 'f' }, guardian: { address: `${12 + i} Park Road, Bengaluru` },
        father: { name: parent, mobile, profession: 'Engineer', salary: '80000' }, mother: { name: mother, mobile: null, profession: 'Teacher', salary: '45000' },
        prev_school: { name: i ? null : 'Sunshine Play School', city: i ? null : 'Bengaluru', marks: null, marks_card: [] },
      }),
    }).returning('id').executeTakeFirstOrThrow();
    const number = applicationNumber(ctx.school.code, row.id);
    // raw write: the demo school's past, stored as it happened (demo data)
    await ctx.db.updateTable('adm_application').set({ application_no: number }).where('id', '=', row.id).execute();
    if (!paid) continue;
    const order = await gateway.createOrder({
      reference: `A${row.id}_demo`, amountPaise: FEE_PAISE, description: `Application fee ${number} - ${student}`,
      customer: { id: `A${row.id}`, name: student, email, mobile }, returnUrl: '/admissions/apply/payment-status/',
    });
    const verified = gateway.verifyResult({ orderId: order.orderId, amountPaise: FEE_PAISE }, gateway.outcome({ orderId: order.orderId, amountPaise: FEE_PAISE }, 'success'));
    // raw write: the demo school's past, stored as it happened (demo data)
    const saved = await ctx.db.insertInto('adm_application_order').values({
      application_id: row.id, amount: FEE_PAISE / 100, gateway: 'test', order_id: order.orderId, status: 'paid', gateway_payment_id: verified.paymentId, extras: JSON.stringify({}),
    }).returning('id').executeTakeFirstOrThrow();
    // raw write: the demo school's past, stored as it happened (demo data)
    await ctx.db.updateTable('adm_application').set({
      fee_payment: JSON.stringify({ id: saved.id, payment_mode: 'test', order_id: order.orderId, payment_id: verified.paymentId, timestamp: at.toISOString(), currency: 'INR', total_amount: FEE_PAISE }),
    }).where('id', '=', row.id).execute();
    await audit(ctx, 'application-orders', 'paid', saved.id, { application_id: row.id, order_id: order.orderId, payment_id: verified.paymentId, amount: FEE_PAISE / 100 });
  }
}
