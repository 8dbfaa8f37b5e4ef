/**
 * The parent's online fee payment (spec 4 "Online fee payment") as the server and the screen
 * both speak it: the messages, so the screen's own checks say the server's words, and the answer
 * to a payment's result, and the one rule both apply to the amount.
 */
import orderSchema from '../../schemas/fees/calls/online-order.json' with { type: 'json' };
import { isWholePaise, PAISE_MESSAGE, toPaise } from './money.js';

export const ONLINE_MESSAGES = {
  notEnabled: 'Online fee payment not enabled',
  amount: orderSchema.errorMessage.required.amount,
  mode: orderSchema.errorMessage.required.payment_mode,
  tooMuch: 'Amount Paying cannot be more than Amount Pending',
  gatewayNotFound: 'Payment gateway not found',
  cancelled: 'Fee payment cancelled by user!',
} as const;

/**
 * The amount of an online payment, in paise: rupees as a number or as text, with at most two
 * decimals. Paise are taken exactly (a pending amount can have paise, and the payer must be able
 * to pay it to the paisa); a figure beyond the paisa is refused, never rounded.
 */
export function onlineAmountPaise(v: unknown): { paise: number; problem?: undefined } | { problem: string; paise?: undefined } {
  const n = typeof v === 'string' && /^\s*\d+(\.\d*)?\s*$/.test(v) ? Number(v) : v;
  if (typeof n !== 'number' || !Number.isFinite(n) || n <= 0) return { problem: ONLINE_MESSAGES.amount };
  if (!isWholePaise(n)) return { problem: PAISE_MESSAGE };
  const paise = toPaise(n);
  return paise > 0 ? { paise } : { problem: ONLINE_MESSAGES.amount };
}

/** The answer of POST /fees/online/pay/ (a gateway's result applied to its order). */
export interface PayAnswer {
  status: 'TXN_SUCCESS' | 'TXN_FAILED';
  order_id: string;
  /** Rupees. */
  amount: number;
  payment_id: string | null;
  installment_id: number | null;
  receipt_no: number | null;
  fee_id: number;
  message: string;
  cancelled: boolean;
}
