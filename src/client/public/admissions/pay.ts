/**
 * Paying the application fee: the order (PUT /admissions/application/fees/), the gateway, and
 * the result posted back (POST /admissions/application/fee/{id}/), which the server checks.
 * The test gateway is a page of ours; Razorpay's checkout is loaded from its own host.
 */
import { applyCall, readFlow, updateFlow, type Flow } from './applyCall.js';

export const PAYMENT_MESSAGES = {
  cardError: 'Payment Error - Razorpay',
  cancelled: 'Payment Cancelled by User',
  noGateway: 'Payment gateway not found',
} as const;

const RAZORPAY_SCRIPT = 'https://checkout.razorpay.com/v1/checkout.js';

function loadScript(src: string): Promise<void> {
  return new Promise((resolve, reject) => {
    if (document.querySelector(`script[src="${src}"]`)) { resolve(); return; }
    const el = document.createElement('script');
    el.src = src;
    el.async = true;
    el.onload = () => resolve();
    el.onerror = () => { el.remove(); reject(new Error(PAYMENT_MESSAGES.cardError)); };
    document.body.appendChild(el);
  });
}

/** Posts a gateway's result and keeps the answer for the payment status page. */
export async function postResult(flow: Flow, orderId: string, mode: string, result: Record<string, unknown>): Promise<Flow['result']> {
  const id = flow.application!.id;
  const extra = mode === 'razorpay' && 'razorpay_payment_id' in result
    ? { razorpay_payment_id: String(result.razorpay_payment_id), razorpay_order_id: String(result.razorpay_order_id ?? orderId), razorpay_signature: String(result.razorpay_signature ?? '') }
    : { result };
  const { data } = await applyCall('feeResult', { params: { id }, body: { application_id: id, order_id: orderId, payment_mode: mode, ...extra } });
  const saved = { status: data.status, order_id: data.order_id, amount: data.amount, application_no: data.application_no, message: data.message, payment_id: data.payment_id };
  updateFlow({ result: saved, ...(data.status === 1 ? { done: true } : {}) });
  return saved;
}

/**
 * Starts paying with a gateway. Answers the path to go to next: the test gateway's page, or the
 * payment status page once Razorpay's checkout has given its result.
 */
export async function startPayment(mode: string): Promise<string> {
  const flow = readFlow()!;
  const app = flow.application!;
  const { data: order } = await applyCall('feeOrder', { body: { application_id: app.id, payment_mode: mode, amount: app.fee } });
  if (mode === 'test' && order.page) return order.page;
  if (mode !== 'razorpay') throw new Error(PAYMENT_MESSAGES.noGateway);
  await loadScript(RAZORPAY_SCRIPT);
  const Razorpay = (window as unknown as { Razorpay?: new (o: unknown) => { open(): void; on(e: string, f: (r: any) => void): void } }).Razorpay;
  if (!Razorpay) throw new Error(PAYMENT_MESSAGES.cardError);
  const result = await new Promise<Record<string, unknown>>((resolve) => {
    let settled = false;
    const done = (r: Record<string, unknown>) => { if (!settled) { settled = true; resolve(r); } };
    const rzp = new Razorpay({
      key: order.razorpay_key_id, amount: order.total_amount, currency: 'INR', order_id: order.order_id,
      name: flow.school?.name ?? '', description: `Application fee — ${order.student_name}`,
      prefill: { name: order.student_name, email: order.email, contact: order.mobile },
      handler: (response: Record<string, unknown>) => done(response),
      modal: { ondismiss: () => done({ cancelled: true }) },
    });
    rzp.on('payment.failed', (r: { error?: unknown }) => done({ error: r?.error ?? { description: PAYMENT_MESSAGES.cardError } }));
    rzp.open();
  });
  await postResult(flow, order.order_id, mode, result);
  return '/admissions/apply/payment-status/';
}
