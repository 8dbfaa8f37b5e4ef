/**
 * Pure helpers of the parent's online payment (spec 4 "Online fee payment"): the messages, the
 * amount exact to the paisa (never rounded), the checks made before the order is asked for, the
 * gateways a school offers and the TDR note, and the shapes of the calls. No React here.
 */
import { ONLINE_MESSAGES, onlineAmountPaise, type PayAnswer } from '../../../../shared/online-pay.js';
import { toRupees } from '../../../../shared/money.js';
import type { CallTypes } from '../../../../generated/calls.js';
import { gatewayDetails, type SettingsLike } from '../feesModel.js';

export { ONLINE_MESSAGES };

/** The amount typed, in rupees exactly as typed (paise included), or null when it is no amount the server takes. */
export function parseAmount(v: unknown): number | null {
  const a = onlineAmountPaise(v);
  return a.paise === undefined ? null : toRupees(a.paise);
}

/** The first message that stops a payment, checked in the order the screen asks: amount, mode, pending. */
export function payProblem(v: { amount?: unknown; mode?: string | null }, pendingPaise: number): string | null {
  const amount = onlineAmountPaise(v.amount);
  if (amount.problem !== undefined) return amount.problem;
  if (!v.mode) return ONLINE_MESSAGES.mode;
  if (amount.paise > pendingPaise) return ONLINE_MESSAGES.tooMuch;
  return null;
}

export const onlineEnabled = (s: SettingsLike | undefined) => s?.online_fee_payment_enabled === '1';

/** The gateways the school offers (enabled in its fee settings), as select options. */
export function gatewayOptions(s: SettingsLike | undefined): Array<{ value: string; label: string }> {
  return (s?.payment_gateway_list ?? []).filter((g) => g.enabled).map((g) => ({ value: g.value, label: g.name }));
}

/** '2% + taxes will be charged extra' when the chosen gateway has a TDR rate, else null. */
export function tdrNote(s: SettingsLike | undefined, gateway: string | null | undefined): string | null {
  if (!gateway) return null;
  const rate = Number(gatewayDetails(s, gateway).tdr_rate ?? 0);
  return Number.isFinite(rate) && rate > 0 ? `${rate}% + taxes will be charged extra` : null;
}

/** What the payer may pay at most, in rupees: the whole pending amount, paise included. */
export const maxPayable = (pendingPaise: number) => toRupees(Math.max(0, pendingPaise));

/** The order the online payment call makes: the gateway's checkout data. */
export type OnlineOrder = CallTypes['fee-payments.onlineOrder']['data'];

/** The answer to a gateway's result. */
export type PayResult = PayAnswer;

/** The body that posts a gateway's result. */
export const resultBody = (order: { order_id: string; fee_id: number; id?: number }, mode: string, result: unknown) =>
  ({ ...(order.id ? { id: order.id } : {}), order_id: order.order_id, fee_id: order.fee_id, mode, result });

/** Where each provider's checkout script is loaded from (only when that provider is chosen). */
export const CHECKOUT_SCRIPTS = {
  razorpay: 'https://checkout.razorpay.com/v1/checkout.js',
  easebuzz: 'https://ebz-static.s3.ap-south-1.amazonaws.com/easecheckout/v2.0.0/easebuzz-checkout-v2.min.js',
  paytm: (environment: string | null, mid: string) =>
    `${environment === 'production' ? 'https://securegw.paytm.in' : 'https://securegw-stage.paytm.in'}/merchantpgpui/checkoutjs/merchants/${encodeURIComponent(mid)}.js`,
} as const;

/** Paytm's pay modes, in the spec's order. */
export const PAYTM_PAY_MODES = ['UPI', 'CARD', 'BALANCE'] as const;
