/**
 * The parent's online fee payment (spec 4 "Online fee payment") as the server and the screen
 * both speak it: the messages, so the screen's own checks say the server's words, and the answer
 * to a payment's result. (The amount rules differ on purpose: the screen reads what was typed as
 * whole rupees, dropping paise as spec 4 says; the server refuses any amount that is not whole.)
 */

export const ONLINE_MESSAGES = {
  notEnabled: 'Online fee payment not enabled',
  amount: 'Amount must be entered',
  mode: 'Please select payment mode',
  tooMuch: 'Amount Paying cannot be more than Amount Pending',
  gatewayNotFound: 'Payment gateway not found',
  cancelled: 'Fee payment cancelled by user!',
} as const;

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
