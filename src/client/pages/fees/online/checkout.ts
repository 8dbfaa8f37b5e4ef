/**
 * Opening a provider's checkout in the page. Each provider's script is loaded from its own host,
 * and only when that provider is chosen. Every outcome (paid, failed, closed) comes back as a
 * result to post to POST /fees/online/pay/, where the server checks it; nothing here decides
 * whether money was received.
 */
import { CHECKOUT_SCRIPTS, PAYTM_PAY_MODES, type OnlineOrder } from './onlinePayModel.js';
import { ONLINE_MESSAGES } from '../../../../shared/online-pay.js';

export type CheckoutOutcome = { kind: 'result'; result: unknown } | { kind: 'closed'; message?: string };

const loading = new Map<string, Promise<void>>();

/** Adds a script tag once; resolves when it has run. */
export function loadScript(src: string): Promise<void> {
  let p = loading.get(src);
  if (!p) {
    p = new Promise<void>((resolve, reject) => {
      const el = document.createElement('script');
      el.src = src;
      el.async = true;
      el.onload = () => resolve();
      el.onerror = () => { loading.delete(src); el.remove(); reject(new Error('Could not load the payment gateway. Check your internet connection and try again.')); };
      document.body.appendChild(el);
    });
    loading.set(src, p);
  }
  return p;
}

const w = () => window as unknown as Record<string, any>;

/** Razorpay Checkout: the handler's signed result, a failure's error, or a closed window. */
export async function openRazorpay(order: OnlineOrder, title: string): Promise<CheckoutOutcome> {
  await loadScript(CHECKOUT_SCRIPTS.razorpay);
  const Razorpay = w().Razorpay;
  if (typeof Razorpay !== 'function') throw new Error('Could not load the payment gateway.');
  return new Promise((resolve) => {
    let settled = false;
    const done = (o: CheckoutOutcome) => { if (!settled) { settled = true; resolve(o); } };
    const rzp = new Razorpay({
      key: order.razorpay_key_id, amount: order.total_amount, currency: order.currency || 'INR', order_id: order.order_id,
      name: title, description: `Fee payment — ${order.student_name}`,
      prefill: { name: order.student_name, email: order.email, contact: order.mobile },
      handler: (response: unknown) => done({ kind: 'result', result: response }),
      modal: { ondismiss: () => done({ kind: 'result', result: { cancelled: true } }) },
    });
    rzp.on('payment.failed', (response: { error?: unknown }) => {
      done({ kind: 'result', result: { error: response?.error ?? { description: 'Payment failed' } } });
      try { rzp.close(); } catch { /* already closed */ }
    });
    rzp.open();
  });
}

/** Paytm JS Checkout with the order's transaction token; closing it shows Paytm's own message. */
export async function openPaytm(order: OnlineOrder): Promise<CheckoutOutcome> {
  if (!order.key || !order.access_key) throw new Error(ONLINE_MESSAGES.gatewayNotFound);
  await loadScript(CHECKOUT_SCRIPTS.paytm(order.environment, order.key));
  const checkout = w().Paytm?.CheckoutJS;
  if (!checkout) throw new Error('Could not load the payment gateway.');
  return new Promise((resolve, reject) => {
    const config = {
      root: '', flow: 'DEFAULT',
      data: { orderId: order.order_id, token: order.access_key, tokenType: 'TXN_TOKEN', amount: (order.total_amount / 100).toFixed(2) },
      payMode: { order: [...PAYTM_PAY_MODES] },
      merchant: { redirect: false },
      handler: {
        notifyMerchant: (eventName: string, data: { message?: string } | undefined) => {
          if (eventName === 'APP_CLOSED') resolve({ kind: 'closed', message: data?.message });
        },
        transactionStatus: (data: unknown) => {
          try { checkout.close(); } catch { /* already closed */ }
          resolve({ kind: 'result', result: data });
        },
      },
    };
    checkout.onLoad(() => { checkout.init(config).then(() => checkout.invoke()).catch(reject); });
  });
}

/** Easebuzz checkout with the order's access key; its response (paid, failed or cancelled) is posted as it is. */
export async function openEasebuzz(order: OnlineOrder): Promise<CheckoutOutcome> {
  if (!order.key || !order.access_key) throw new Error(ONLINE_MESSAGES.gatewayNotFound);
  await loadScript(CHECKOUT_SCRIPTS.easebuzz);
  const Easebuzz = w().EasebuzzCheckout;
  if (typeof Easebuzz !== 'function') throw new Error('Could not load the payment gateway.');
  return new Promise((resolve) => {
    const ebz = new Easebuzz(order.key, order.environment === 'prod' ? 'prod' : 'test');
    ebz.initiatePayment({ access_key: order.access_key, onResponse: (response: unknown) => resolve({ kind: 'result', result: response }) });
  });
}
