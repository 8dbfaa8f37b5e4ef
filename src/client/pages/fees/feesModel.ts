/**
 * Pure helpers of the staff and parent fee screens (billing, records, receipt, refund,
 * installment, the read-only settings tab): the modes and their labels, the bill's lines and
 * totals in whole paise, the messages of spec 2 §5 checked before a call, the payloads of the
 * calls, and what a bill allows (pay, refund, alert). No React here; tested in
 * tests/unit/fees-model.test.ts.
 */
import billSchema from '../../../../schemas/fees/calls/bill.json' with { type: 'json' };
import discountSchema from '../../../../schemas/fees/calls/discount.json' with { type: 'json' };
import installmentSchema from '../../../../schemas/fees/calls/installment.json' with { type: 'json' };
import refundSchema from '../../../../schemas/fees/calls/refund.json' with { type: 'json' };
import type { CallTypes } from '../../../generated/calls.js';
import type { FeeItem as FeeItemEntity } from '../../../generated/entities/fees.js';
import type { EntityRow } from '../../../shared/wire.js';
import { declaredCall } from '../../../shared/calls.js';
import { ONLINE_MESSAGES } from '../../../shared/online-pay.js';
import { amountInWords, billTotalPaise, isWholePaise, PAISE_MESSAGE, toPaise, toRupees } from '../../../shared/money.js';

// ---------------------------------------------------------------------------------------------
// What the server answers: the declared calls' answers, as their handlers return them

type Data<I extends keyof CallTypes> = CallTypes[I]['data'];

/** A declared call's errors by code (src/shared/calls.ts). */
const declaredErrors = (id: keyof CallTypes): Record<string, string | undefined> => declaredCall(id).def.errors ?? {};

export type FeeSettings = Data<'fee-payments.settings'>;
export type GatewayDetails = FeeSettings['razorpay_gateway_details'];
export type FeeHistory = Data<'fee-payments.history'>;
export type FeeRecord = FeeHistory['fees'][number];
export type FeeReceiptData = Data<'fee-payments.receipt'>;
export type BillInstallment = FeeRecord['installments'][number];

/** A fee item as the fee items list answers it. */
export type FeeItem = EntityRow<FeeItemEntity>;

// ---------------------------------------------------------------------------------------------
// Settings

export const isOn = (v: unknown): boolean => v === '1' || v === 1 || v === true;

/** What the settings helpers read of the fee settings: its fields, as loosely as the browser may hold them. */
export type SettingsLike = { [K in keyof FeeSettings]?: unknown } & { payment_gateway_list?: Array<{ value: string; name: string; enabled: boolean }> };

export const discountsEnabled = (s: SettingsLike | undefined) => isOn(s?.fee_discounts_enabled);
export const partialPaymentEnabled = (s: SettingsLike | undefined) => isOn(s?.fee_partial_payment_enabled);

/** The settings tab's gateway rows: each listed gateway with its TDR figures. */
export function gatewayRows(s: SettingsLike | undefined): Array<{ value: string; name: string; enabled: boolean } & Partial<Record<keyof GatewayDetails, number | null>>> {
  return (s?.payment_gateway_list ?? []).map((g) => {
    const d = gatewayDetails(s, g.value) as Record<string, number | undefined>;
    return { ...g, tdr_amount: d.tdr_amount ?? null, tdr_rate: d.tdr_rate ?? null, tdr_tax_rate: d.tdr_tax_rate ?? null };
  });
}

/** A gateway's TDR figures (the test gateway has none). */
export const gatewayDetails = (s: SettingsLike | undefined, gateway: string): Partial<GatewayDetails> =>
  ((s as Record<string, unknown> | undefined)?.[`${gateway}_gateway_details`] ?? {}) as Partial<GatewayDetails>;

// ---------------------------------------------------------------------------------------------
// Modes

export interface Option { value: string; label: string }

/** A declared choice's options: `oneOf: [{const, title}]`. */
const optionsOf = (prop: { oneOf: Array<{ const: string; title: string }> }): Option[] => prop.oneOf.map((o) => ({ value: o.const, label: o.title }));

/** Bill and installment payment modes (spec 2 §9) and the default, as the installment call declares them. */
export const PAYMENT_MODES: Option[] = optionsOf(installmentSchema.properties.mode);
export const DEFAULT_PAYMENT_MODE = installmentSchema.properties.mode.default;

/** Refund modes and the default, as the refund call declares them. */
export const REFUND_MODES: Option[] = optionsOf(refundSchema.properties.mode);
export const DEFAULT_REFUND_MODE = refundSchema.properties.mode.default;

const GATEWAY_LABELS: Record<string, string> = { test: 'Test Gateway', razorpay: 'Razorpay', paytm: 'Paytm', easebuzz: 'Easebuzz', online: 'Online' };

/** The label of a stored mode (payment, refund or an online gateway). */
export function modeLabel(mode: string | null | undefined): string {
  if (!mode) return '';
  return PAYMENT_MODES.find((m) => m.value === mode)?.label ?? REFUND_MODES.find((m) => m.value === mode)?.label ?? GATEWAY_LABELS[mode] ?? mode;
}

const KIND_LABELS: Record<string, string> = { payment: 'Payment', installment: 'Installment', refund: 'Refund', online: 'Online Payment' };

/** What an installment row is: a negative amount is a refund whatever its kind says. */
export function kindLabel(i: { kind?: string | null; paid_amount: number | string }): string {
  if (Number(i.paid_amount) < 0) return 'Refund';
  return KIND_LABELS[i.kind ?? ''] ?? 'Payment';
}

export const isRefund = (i: { paid_amount: number | string }) => Number(i.paid_amount) < 0;

// ---------------------------------------------------------------------------------------------
// Billing

export interface BillRowValues { fee_item_id?: number; amount?: number | null; quantity?: number | null }

export interface BillFormValues {
  /** The bill's name ('Fees' unless the person names it, e.g. 'Term 1'). */
  name?: string;
  ac_year_id?: number;
  items?: Array<BillRowValues | undefined>;
  transportation?: number | null;
  miscellaneous?: number | null;
  discount?: number | null;
  mode?: string;
  amount_paid?: number | null;
}

const billProps = billSchema.properties;
export const MIN_QUANTITY = billProps.details.items.properties.quantity.minimum;
export const MAX_QUANTITY = billProps.details.items.properties.quantity.maximum;
export const DEFAULT_BILL_NAME = billProps.name.default;
export const MAX_BILL_NAME = billProps.name.maxLength;
export const TRANSPORTATION = 'Transportation';
export const MISCELLANEOUS = 'Miscellaneous';

/** A number the user typed, or 0 when the field is empty. */
const num = (v: unknown): number => {
  const n = typeof v === 'number' ? v : v === null || v === undefined || v === '' ? 0 : Number(v);
  return Number.isFinite(n) ? n : 0;
};

export interface PreviewLine { key: string; fee_item_id: number | null; fee_item_name: string; amount: number; quantity: number; totalPaise: number }

/**
 * The bill's lines as the preview shows them and the server receives them: each item row that
 * names an item (its name from the item list), then Transportation and Miscellaneous when above 0,
 * as lines without a fee item.
 */
export function billLines(v: BillFormValues, items: FeeItem[]): PreviewLine[] {
  const out: PreviewLine[] = [];
  (v.items ?? []).forEach((row, i) => {
    if (!row || row.fee_item_id === undefined || row.fee_item_id === null) return;
    const item = items.find((it) => it.id === row.fee_item_id);
    const amount = num(row.amount);
    const quantity = Math.trunc(num(row.quantity ?? MIN_QUANTITY)) || MIN_QUANTITY;
    out.push({ key: `item-${i}`, fee_item_id: row.fee_item_id, fee_item_name: item?.name ?? `Item ${row.fee_item_id}`, amount, quantity, totalPaise: toPaise(amount) * quantity });
  });
  for (const [key, name, value] of [['transportation', TRANSPORTATION, v.transportation], ['miscellaneous', MISCELLANEOUS, v.miscellaneous]] as const) {
    const amount = num(value);
    if (amount > 0) out.push({ key, fee_item_id: null, fee_item_name: name, amount, quantity: 1, totalPaise: toPaise(amount) });
  }
  return out;
}

export interface BillTotals { subtotalPaise: number; discountPaise: number; totalPaise: number; paidPaise: number; pendingPaise: number }

/**
 * Sum of (amount × quantity) + transportation + miscellaneous − discount, in paise; the amount
 * paying equals the total unless partial payment is allowed. A discount counts only when
 * discounts are enabled.
 */
export function billTotals(v: BillFormValues, items: FeeItem[], opts: { discounts: boolean; partial: boolean }): BillTotals {
  const lines = billLines(v, items);
  const discount = opts.discounts ? num(v.discount) : 0;
  const subtotalPaise = billTotalPaise(lines);
  const totalPaise = billTotalPaise(lines, discount);
  const paidPaise = opts.partial ? toPaise(num(v.amount_paid)) : totalPaise;
  return { subtotalPaise, discountPaise: toPaise(discount), totalPaise, paidPaise, pendingPaise: totalPaise - paidPaise };
}

const billErrors = declaredErrors('fee-payments.pay');

/** Spec 2 §5's billing messages, the server's own (the bill call's payload schema and its declared errors). */
export const BILL_MESSAGES = {
  mode: billProps.installments.items.errorMessage.required.mode,
  year: billSchema.errorMessage.required.ac_year_id,
  total: billSchema.errorMessage.required.amount_total,
  amount: billSchema.errorMessage.required.amount_paid,
  tooMuch: billErrors.tooMuch!,
  quantity: billProps.details.items.properties.quantity.errorMessage,
  lineAmount: billProps.details.items.errorMessage.required.amount,
  lineAmountMin: billProps.details.items.properties.amount.errorMessage,
  lineQuantity: billProps.details.items.errorMessage.required.quantity,
  paise: PAISE_MESSAGE,
  item: billProps.details.items.properties.fee_item_id.errorMessage,
  name: billProps.name.errorMessage.minLength,
  nameTooLong: billProps.name.errorMessage.maxLength,
  /** The server's refusal of a discount above the bill's amount, checked here first. */
  discount: billErrors.discount!,
} as const;

/** The first of spec 2 §5's billing messages that applies, or null when the bill can be sent. */
export function billProblem(v: BillFormValues, items: FeeItem[], opts: { discounts: boolean; partial: boolean }): string | null {
  if (!v.mode) return BILL_MESSAGES.mode;
  if (!v.ac_year_id) return BILL_MESSAGES.year;
  if (!v.name?.trim()) return BILL_MESSAGES.name;
  if (v.name.trim().length > MAX_BILL_NAME) return BILL_MESSAGES.nameTooLong;
  for (const row of v.items ?? []) {
    const q = row?.quantity;
    if (row?.fee_item_id != null && q != null && !(Number.isInteger(q) && q >= MIN_QUANTITY && q <= MAX_QUANTITY)) return BILL_MESSAGES.quantity;
  }
  // A figure beyond the paisa is refused, never rounded into the bill.
  const figures = [...(v.items ?? []).map((r) => r?.amount), v.transportation, v.miscellaneous, opts.discounts ? v.discount : 0, opts.partial ? v.amount_paid : 0];
  if (figures.some((x) => x !== null && x !== undefined && !isWholePaise(Number(x)))) return BILL_MESSAGES.paise;
  const t = billTotals(v, items, opts);
  // No line, or lines that add up to nothing, is a bill not calculated; a whole discount (total 0) is a bill.
  if (billLines(v, items).length === 0 || t.subtotalPaise <= 0) return BILL_MESSAGES.total;
  if (t.totalPaise < 0) return BILL_MESSAGES.discount;
  if (opts.partial && (v.amount_paid === null || v.amount_paid === undefined || !Number.isFinite(Number(v.amount_paid)) || Number(v.amount_paid) < 0)) return BILL_MESSAGES.amount;
  if (t.paidPaise > t.totalPaise) return BILL_MESSAGES.tooMuch;
  return null;
}

export type BillPayload = CallTypes['fee-payments.pay']['body'];
type Mode = NonNullable<BillPayload['installments']>[number]['mode'];

/** The bill call's payload: figures in rupees from the paise totals; no installment when nothing is paid now. */
export function billPayload(studentId: number, v: BillFormValues, items: FeeItem[], opts: { discounts: boolean; partial: boolean }): BillPayload {
  const t = billTotals(v, items, opts);
  const amountPaid = toRupees(t.paidPaise);
  const body: BillPayload = {
    student_id: studentId,
    ac_year_id: v.ac_year_id!,
    name: v.name?.trim() || DEFAULT_BILL_NAME,
    amount_total: toRupees(t.totalPaise),
    amount_paid: amountPaid,
    details: billLines(v, items).map((l) => (l.fee_item_id === null
      ? { fee_item_name: l.fee_item_name, amount: l.amount, quantity: l.quantity }
      : { fee_item_id: l.fee_item_id, fee_item_name: l.fee_item_name, amount: l.amount, quantity: l.quantity })) as BillPayload['details'],
    installments: t.paidPaise > 0 ? [{ amount: amountPaid, mode: v.mode as Mode }] : [],
  };
  if (opts.discounts && t.discountPaise > 0) body.discounts = toRupees(t.discountPaise);
  return body;
}

// ---------------------------------------------------------------------------------------------
// A bill's state

/**
 * What each figure of a bill is called on every fee screen and receipt. The server's total is
 * what is payable, the discount already taken off; so the screens show the total before the
 * discount as well, and read: total before discount − discount − paid = pending.
 */
export const FIGURE_LABELS = {
  gross: 'Total (before discount)',
  discount: 'Discount',
  payable: 'Payable (after discount)',
  paid: 'Paid',
  pending: 'Pending',
} as const;

export interface BillState { grossPaise: number; totalPaise: number; paidPaise: number; discountPaise: number; pendingPaise: number }

/** The preview's Pending line: the amount, or the message when more is being paid than the total. */
export function pendingText(t: BillTotals, money: (rupees: number) => string): { text: string; problem: boolean } {
  if (t.paidPaise > t.totalPaise) return { text: BILL_MESSAGES.tooMuch, problem: true };
  return { text: money(toRupees(t.pendingPaise)), problem: false };
}

/**
 * What the helpers below read of a bill, its installments and lines: the fields of the declared
 * calls' answers they use (money as a number, or as text where it is typed in).
 */
type Money = number | string;
export interface BillFigures {
  id?: number; total_amount: Money; paid_amount: Money; discount_amount?: Money | null;
  /** The server's total before the discount and pending amount (the receipt and history calls answer both). */
  gross_amount?: Money | null; pending_amount?: Money | null;
}
export interface InstallmentLike { id: number; paid_amount: Money; timestamp?: string; receipt_no?: number | null }
export interface LineLike { fee_item_name?: string; amount: Money; quantity: number }

/** A bill's figures in paise, the server's own gross and pending where it answered them. */
export function billState(p: BillFigures): BillState {
  const totalPaise = toPaise(num(p.total_amount));
  const paidPaise = toPaise(num(p.paid_amount));
  const discountPaise = toPaise(num(p.discount_amount));
  const given = (v: Money | null | undefined) => v !== null && v !== undefined && v !== '';
  return {
    grossPaise: given(p.gross_amount) ? toPaise(num(p.gross_amount)) : totalPaise + discountPaise,
    totalPaise, paidPaise, discountPaise,
    pendingPaise: given(p.pending_amount) ? toPaise(num(p.pending_amount)) : totalPaise - paidPaise,
  };
}

/** Pay Installment (staff) and Pay (parents): only while something is pending. */
export const canPayInstallment = (p: BillFigures) => billState(p).pendingPaise > 0;
/** Refund: only when something has been paid. */
export const canRefund = (p: BillFigures) => billState(p).paidPaise > 0;
/** Due alert SMS: while a balance remains. */
export const canAlert = (p: BillFigures) => billState(p).pendingPaise > 0;

/** Installments oldest first (by time, then id). */
export function sortedInstallments<T extends InstallmentLike>(list: T[] | undefined): T[] {
  return [...(list ?? [])].sort((a, b) => {
    const ta = Date.parse(a.timestamp ?? '');
    const tb = Date.parse(b.timestamp ?? '');
    if (ta !== tb && Number.isFinite(ta) && Number.isFinite(tb)) return ta - tb;
    return a.id - b.id;
  });
}

/** Paise-exact sums of the installments: received, refunded (as a positive figure), net. */
export function installmentSums(list: InstallmentLike[] | undefined): { receivedPaise: number; refundedPaise: number; netPaise: number } {
  let receivedPaise = 0;
  let refundedPaise = 0;
  for (const i of list ?? []) {
    const p = toPaise(num(i.paid_amount));
    if (p < 0) refundedPaise -= p;
    else receivedPaise += p;
  }
  return { receivedPaise, refundedPaise, netPaise: receivedPaise - refundedPaise };
}

// ---------------------------------------------------------------------------------------------
// Installment, refund and discount forms

export const INSTALLMENT_MESSAGES = {
  amount: installmentSchema.errorMessage.required.amount,
  mode: installmentSchema.errorMessage.required.mode,
  tooMuch: ONLINE_MESSAGES.tooMuch,
} as const;

/** The first installment message that applies (amount above 0, a mode, not beyond pending). */
export function installmentProblem(v: { amount?: number | null; mode?: string }, pendingPaise: number): string | null {
  if (v.amount === null || v.amount === undefined || !Number.isFinite(Number(v.amount)) || Number(v.amount) <= 0) return INSTALLMENT_MESSAGES.amount;
  if (!isWholePaise(Number(v.amount))) return PAISE_MESSAGE;
  if (!v.mode) return INSTALLMENT_MESSAGES.mode;
  if (toPaise(Number(v.amount)) > pendingPaise) return INSTALLMENT_MESSAGES.tooMuch;
  return null;
}

export const REFUND_MESSAGES = {
  amount: refundSchema.errorMessage.required.amount_paid,
  details: declaredErrors('fee-payments.refund').details!,
  tooMuch: declaredErrors('fee-payments.refund').tooMuch!,
} as const;

/** Transaction details are needed for every refund mode but cash. */
export const refundNeedsDetails = (mode: string | undefined) => mode !== 'cash';

export function refundProblem(v: { amount?: number | null; mode?: string; transaction_details?: string | null }, paidPaise: number): string | null {
  if (v.amount === null || v.amount === undefined || !Number.isFinite(Number(v.amount)) || Number(v.amount) <= 0) return REFUND_MESSAGES.amount;
  if (!isWholePaise(Number(v.amount))) return PAISE_MESSAGE;
  if (refundNeedsDetails(v.mode) && !v.transaction_details?.trim()) return REFUND_MESSAGES.details;
  if (toPaise(Number(v.amount)) > paidPaise) return REFUND_MESSAGES.tooMuch;
  return null;
}

/** The refund call's payload. */
export function refundPayload(paymentId: number, v: { amount: number; mode: string; transaction_details?: string | null }): CallTypes['fee-payments.refund']['body'] {
  const details = v.transaction_details?.trim();
  return { payment_id: paymentId, amount_paid: toRupees(toPaise(v.amount)), mode: v.mode as CallTypes['fee-payments.refund']['body']['mode'], extras: { transaction_details: details ?? '' } };
}

export const DISCOUNT_REQUIRED = discountSchema.errorMessage.required.discount_amount;
/** A discount below 0: the bill call's own words. */
export const DISCOUNT_MIN = billSchema.properties.discounts.errorMessage;

// ---------------------------------------------------------------------------------------------
// Receipt

/** Spec 2 §9: printing starts 300 ms after the click. */
export const PRINT_DELAY_MS = 300;

/**
 * The money movement a bill's receipt is for: the one made last, i.e. the highest receipt number
 * (numbers are given in order; a back-dated installment is made last though dated earlier). Its
 * number heads the receipt, and its own amount is the one written in words, never the bill's
 * running total. Null while nothing has moved.
 */
export function receiptMovement<T extends InstallmentLike>(list: T[] | undefined): T | null {
  let last: T | null = null;
  for (const i of sortedInstallments(list)) {
    if (i.receipt_no === null || i.receipt_no === undefined) continue;
    if (!last || i.receipt_no > last.receipt_no!) last = i;
  }
  return last;
}

/** The receipt number shown at the top: the movement's (receiptMovement). */
export const receiptNumber = (list: InstallmentLike[] | undefined): number | null => receiptMovement(list)?.receipt_no ?? null;

/** What the receipt says of its movement: the amount received or refunded, and that amount in words. */
export function receiptAmount(i: InstallmentLike | null): { label: string; amount: number; words: string } | null {
  if (!i) return null;
  const paise = toPaise(num(i.paid_amount));
  const refund = paise < 0;
  return {
    label: refund ? 'Amount refunded' : 'Amount paid',
    amount: toRupees(Math.abs(paise)),
    words: amountInWords(toRupees(Math.abs(paise))),
  };
}

/** Line total (amount × quantity) in rupees, paise-exact. */
export const lineTotal = (d: LineLike) => toRupees(toPaise(num(d.amount)) * (Number(d.quantity) || 1));

/** The receipt's figures as the server answers them: total before discount, discount, payable, paid and pending. */
export function receiptFigures(r: { payment: BillFigures }) {
  const s = billState(r.payment);
  return {
    gross: toRupees(s.grossPaise), discount: toRupees(s.discountPaise), total: toRupees(s.totalPaise),
    paid: toRupees(s.paidPaise), pending: toRupees(s.pendingPaise),
  };
}

