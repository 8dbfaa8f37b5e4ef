import { describe, expect, it } from 'vitest';
import {
  BILL_MESSAGES, INSTALLMENT_MESSAGES, REFUND_MESSAGES, billLines, billPayload, billProblem, billState, billTotals,
  canAlert, canPayInstallment, canRefund, discountsEnabled, gatewayRows, installmentProblem, installmentSums,
  kindLabel, lineTotal, modeLabel, pendingText, partialPaymentEnabled, receiptAmount, receiptFigures, receiptMovement, receiptNumber, refundNeedsDetails, refundPayload,
  refundProblem, sortedInstallments, type BillFormValues, type FeeItem,
} from '../../src/client/pages/fees/feesModel.js';
import { classSectionLabel as classLabel } from '../../src/client/framework/labels.js';
import { formatINR } from '../../src/shared/money.js';

const ITEMS: FeeItem[] = [
  { id: 1, name: 'Tuition Fee', type: 1, amount: 12500.5 },
  { id: 2, name: 'Books', type: 2, amount: 0.1 },
];
const full = { discounts: true, partial: true };
const strict = { discounts: false, partial: false };

const bill = (over: Partial<BillFormValues> = {}): BillFormValues => ({
  name: 'Term 1', ac_year_id: 3, mode: 'cash',
  items: [{ fee_item_id: 1, amount: 12500.5, quantity: 2 }, { fee_item_id: 2, amount: 0.1, quantity: 3 }],
  transportation: 0.2, miscellaneous: 0, discount: 0.1, amount_paid: 10000,
  ...over,
});

describe('fee settings', () => {
  it("reads the '1'/'0' switches", () => {
    expect(discountsEnabled({ fee_discounts_enabled: '1' })).toBe(true);
    expect(discountsEnabled({ fee_discounts_enabled: '0' })).toBe(false);
    expect(discountsEnabled(undefined)).toBe(false);
    expect(partialPaymentEnabled({ fee_partial_payment_enabled: '1' })).toBe(true);
  });
  it('lists gateways with their TDR figures', () => {
    const rows = gatewayRows({
      payment_gateway_list: [{ value: 'razorpay', name: 'Razorpay', enabled: true }, { value: 'paytm', name: 'Paytm', enabled: false }],
      razorpay_gateway_details: { tdr_amount: 0, tdr_rate: 2, tdr_tax_rate: 18 },
    });
    expect(rows).toEqual([
      { value: 'razorpay', name: 'Razorpay', enabled: true, tdr_amount: 0, tdr_rate: 2, tdr_tax_rate: 18 },
      { value: 'paytm', name: 'Paytm', enabled: false, tdr_amount: null, tdr_rate: null, tdr_tax_rate: null },
    ]);
  });
});

describe('modes and kinds', () => {
  it('labels payment, refund and gateway modes', () => {
    expect(modeLabel('wallet')).toBe('Wallet/UPI');
    expect(modeLabel('cheque')).toBe('Cheque');
    expect(modeLabel('upi')).toBe('UPI');
    expect(modeLabel('transfer')).toBe('Transfer');
    expect(modeLabel('razorpay')).toBe('Razorpay');
    expect(modeLabel('other')).toBe('other');
    expect(modeLabel(null)).toBe('');
  });
  it('calls a negative installment a refund', () => {
    expect(kindLabel({ kind: 'refund', paid_amount: -500 })).toBe('Refund');
    expect(kindLabel({ kind: 'installment', paid_amount: '-1.00' })).toBe('Refund');
    expect(kindLabel({ kind: 'installment', paid_amount: 100 })).toBe('Installment');
    expect(kindLabel({ kind: 'online', paid_amount: 100 })).toBe('Online Payment');
    expect(kindLabel({ kind: null, paid_amount: 100 })).toBe('Payment');
  });
});

describe('billing', () => {
  it('makes lines of the picked items, then transportation and miscellaneous above 0', () => {
    const lines = billLines(bill({ items: [{ fee_item_id: 1, amount: 100, quantity: 2 }, undefined, { amount: 5 }], transportation: 50, miscellaneous: 0 }), ITEMS);
    expect(lines.map((l) => [l.fee_item_id, l.fee_item_name, l.amount, l.quantity, l.totalPaise])).toEqual([
      [1, 'Tuition Fee', 100, 2, 20000],
      [null, 'Transportation', 50, 1, 5000],
    ]);
  });
  it('totals in paise: 0.1 three times and 0.2 make exactly 0.50', () => {
    const t = billTotals(bill(), ITEMS, full);
    // 2 × 12500.50 + 3 × 0.10 + 0.20 − 0.10
    expect(t).toEqual({ subtotalPaise: 2500150, discountPaise: 10, totalPaise: 2500140, paidPaise: 1000000, pendingPaise: 1500140 });
    const small = billTotals(bill({ items: [{ fee_item_id: 2, amount: 0.1, quantity: 3 }], transportation: 0.2, discount: 0 }), ITEMS, full);
    expect(small.totalPaise).toBe(50);
  });
  it('ignores the discount when discounts are off and pays the total without partial payment', () => {
    const t = billTotals(bill({ amount_paid: 5 }), ITEMS, strict);
    expect(t.discountPaise).toBe(0);
    expect(t.totalPaise).toBe(2500150);
    expect(t.paidPaise).toBe(2500150);
    expect(t.pendingPaise).toBe(0);
  });
  it('gives the messages of spec 2 §5 in order', () => {
    expect(billProblem(bill({ mode: undefined, ac_year_id: undefined }), ITEMS, full)).toBe(BILL_MESSAGES.mode);
    expect(BILL_MESSAGES.mode).toBe('Please select payment mode');
    expect(billProblem(bill({ ac_year_id: undefined }), ITEMS, full)).toBe('Please select academic year');
    expect(billProblem(bill({ items: [], transportation: 0 }), ITEMS, full)).toBe('Bill amount not calculated');
    expect(billProblem(bill({ items: [{ fee_item_id: 1, amount: 0, quantity: 1 }], transportation: 0 }), ITEMS, full)).toBe('Bill amount not calculated');
    expect(billProblem(bill({ items: [{ fee_item_id: 1, amount: 10, quantity: 1 }], transportation: 0, discount: 10.01 }), ITEMS, full)).toBe('Discount cannot be more than the bill amount');
    // A whole discount is a bill of ₹0 with nothing to pay.
    expect(billProblem(bill({ items: [{ fee_item_id: 1, amount: 10, quantity: 1 }], transportation: 0, discount: 10, amount_paid: 0 }), ITEMS, full)).toBeNull();
    // With discounts off the discount field counts for nothing.
    expect(billProblem(bill({ items: [{ fee_item_id: 1, amount: 10, quantity: 1 }], transportation: 0, discount: 50 }), ITEMS, strict)).toBeNull();
    expect(billProblem(bill({ amount_paid: null }), ITEMS, full)).toBe('Enter Amount');
    expect(billProblem(bill({ amount_paid: -1 }), ITEMS, full)).toBe('Enter Amount');
    expect(billProblem(bill({ amount_paid: 25001.41 }), ITEMS, full)).toBe('Amount Paying can not be greater than Total Amount');
    expect(billProblem(bill({ amount_paid: 25001.40 }), ITEMS, full)).toBeNull();
    expect(billProblem(bill({ amount_paid: 0 }), ITEMS, full)).toBeNull();
    // Without partial payment the amount paying is the total, whatever was typed.
    expect(billProblem(bill({ amount_paid: null }), ITEMS, strict)).toBeNull();
  });
  it('refuses a quantity outside 1 to 5, a figure beyond the paisa and a bill without a name, changing none of them', () => {
    const withQty = (quantity: number) => bill({ items: [{ fee_item_id: 1, amount: 100, quantity }], amount_paid: 0 });
    expect(billProblem(withQty(6), ITEMS, full)).toBe('Quantity must be from 1 to 5');
    expect(billProblem(withQty(0), ITEMS, full)).toBe('Quantity must be from 1 to 5');
    expect(billProblem(withQty(2.5), ITEMS, full)).toBe('Quantity must be from 1 to 5');
    expect(billProblem(withQty(5), ITEMS, full)).toBeNull();
    expect(billProblem(bill({ transportation: 10.005 }), ITEMS, full)).toBe('Amount can have at most 2 decimal places (paise)');
    expect(billProblem(bill({ amount_paid: 100.001 }), ITEMS, full)).toBe('Amount can have at most 2 decimal places (paise)');
    expect(billProblem(bill({ name: '  ' }), ITEMS, full)).toBe('Bill name is required');
    expect(billProblem(bill({ name: 'x'.repeat(101) }), ITEMS, full)).toBe('Bill name must be at most 100 characters');
  });
  it('shows the message, not a negative pending, when more is paid than the total', () => {
    const over = billTotals(bill({ amount_paid: 999999999 }), ITEMS, full);
    expect(pendingText(over, formatINR)).toEqual({ text: 'Amount Paying can not be greater than Total Amount', problem: true });
    expect(pendingText(billTotals(bill(), ITEMS, full), formatINR)).toEqual({ text: '₹15,001.40', problem: false });
  });
  it('sends the documented payload, transportation as a line without an item', () => {
    expect(billPayload(9, bill(), ITEMS, full)).toEqual({
      student_id: 9, ac_year_id: 3, name: 'Term 1', amount_total: 25001.4, amount_paid: 10000,
      details: [
        { fee_item_id: 1, fee_item_name: 'Tuition Fee', amount: 12500.5, quantity: 2 },
        { fee_item_id: 2, fee_item_name: 'Books', amount: 0.1, quantity: 3 },
        { fee_item_name: 'Transportation', amount: 0.2, quantity: 1 },
      ],
      installments: [{ amount: 10000, mode: 'cash' }],
      discounts: 0.1,
    });
  });
  it('sends no installment when nothing is paid now and no discount when discounts are off', () => {
    expect(billPayload(9, bill({ amount_paid: 0 }), ITEMS, full).installments).toEqual([]);
    const strictBody = billPayload(9, bill({ mode: 'wallet' }), ITEMS, strict);
    expect(strictBody).not.toHaveProperty('discounts');
    expect(strictBody.amount_total).toBe(25001.5);
    expect(strictBody.installments).toEqual([{ amount: 25001.5, mode: 'wallet' }]);
  });
});

describe('a bill on the records page', () => {
  const p = { id: 4, total_amount: '1000.00', paid_amount: '999.99', discount_amount: '0' };
  it('allows paying and alerting while something is pending, refunding once something is paid', () => {
    expect(billState(p)).toEqual({ grossPaise: 100000, totalPaise: 100000, paidPaise: 99999, discountPaise: 0, pendingPaise: 1 });
    expect(canPayInstallment(p)).toBe(true);
    expect(canAlert(p)).toBe(true);
    expect(canRefund(p)).toBe(true);
    const paid = { ...p, paid_amount: 1000 };
    expect(canPayInstallment(paid)).toBe(false);
    expect(canAlert(paid)).toBe(false);
    expect(canRefund({ ...p, paid_amount: 0 })).toBe(false);
  });
  it('orders installments and sums received and refunded money exactly', () => {
    const list = [
      { id: 3, paid_amount: -0.3, timestamp: '2026-07-03T10:00:00Z' },
      { id: 1, paid_amount: 0.1, timestamp: '2026-07-01T10:00:00Z' },
      { id: 2, paid_amount: '0.2', timestamp: '2026-07-01T10:00:00Z' },
    ];
    expect(sortedInstallments(list).map((i) => i.id)).toEqual([1, 2, 3]);
    expect(installmentSums(list)).toEqual({ receivedPaise: 30, refundedPaise: 30, netPaise: 0 });
  });
});

describe('installment, refund and discount checks', () => {
  it('needs an amount above 0, a mode, and no more than pending', () => {
    expect(installmentProblem({ mode: 'cash' }, 1000)).toBe(INSTALLMENT_MESSAGES.amount);
    expect(installmentProblem({ amount: 0, mode: 'cash' }, 1000)).toBe('Amount must be entered');
    expect(installmentProblem({ amount: 5 }, 1000)).toBe('Please select payment mode');
    expect(installmentProblem({ amount: 10.01, mode: 'cash' }, 1000)).toBe('Amount Paying cannot be more than Amount Pending');
    expect(installmentProblem({ amount: 10, mode: 'cash' }, 1000)).toBeNull();
  });
  it('needs a refund amount, details unless cash, and no more than paid', () => {
    expect(refundNeedsDetails('cheque')).toBe(true);
    expect(refundNeedsDetails('cash')).toBe(false);
    expect(refundProblem({ mode: 'cheque' }, 100)).toBe(REFUND_MESSAGES.amount);
    expect(REFUND_MESSAGES.amount).toBe('Refund amount is required!');
    expect(refundProblem({ amount: 1, mode: 'cheque', transaction_details: '  ' }, 100)).toBe('Transaction Details is requried!');
    expect(refundProblem({ amount: 1, mode: 'upi' }, 100)).toBe('Transaction Details is requried!');
    expect(refundProblem({ amount: 1.01, mode: 'cash' }, 100)).toBe('Refund amount cannot be greater than amount paid');
    expect(refundProblem({ amount: 1, mode: 'cash' }, 100)).toBeNull();
    expect(refundProblem({ amount: 1, mode: 'transfer', transaction_details: 'UTR 123' }, 100)).toBeNull();
  });
  it('sends the refund with its transaction details', () => {
    expect(refundPayload(7, { amount: 250.5, mode: 'cheque', transaction_details: ' Cheque 001122 ' }))
      .toEqual({ payment_id: 7, amount_paid: 250.5, mode: 'cheque', extras: { transaction_details: 'Cheque 001122' } });
  });
});

describe('receipt', () => {
  const installments = [
    { id: 2, paid_amount: 300, receipt_no: 12, timestamp: '2026-07-02T10:00:00Z' },
    { id: 1, paid_amount: 700, receipt_no: 11, timestamp: '2026-07-01T10:00:00Z' },
  ];
  it("numbers the receipt with the latest installment's receipt number", () => {
    expect(receiptNumber(installments)).toBe(12);
    expect(receiptNumber([])).toBeNull();
  });
  it('is for the payment made last, a back-dated installment included, and writes its own amount in words', () => {
    // A ₹10,000 payment, then a ₹5,000 installment dated a day earlier but made after it (receipt 8).
    const paid = [
      { id: 1, paid_amount: 10000, receipt_no: 7, timestamp: '2026-07-02T10:00:00Z' },
      { id: 2, paid_amount: '5000.00', receipt_no: 8, timestamp: '2026-07-01T06:30:00Z' },
    ];
    expect(receiptMovement(paid)?.id).toBe(2);
    expect(receiptNumber(paid)).toBe(8);
    expect(receiptAmount(receiptMovement(paid))).toEqual({ label: 'Amount paid', amount: 5000, words: 'Five Thousand Rupees Only' });
    // A bill paid in full at once: its one payment.
    expect(receiptAmount(receiptMovement([{ id: 3, paid_amount: 30000, receipt_no: 9 }]))?.words).toBe('Thirty Thousand Rupees Only');
    // A refund's receipt says what went back.
    const refunded = [...paid, { id: 4, paid_amount: -1000.5, receipt_no: 10, timestamp: '2026-07-03T10:00:00Z' }];
    expect(receiptAmount(receiptMovement(refunded))).toEqual({ label: 'Amount refunded', amount: 1000.5, words: 'One Thousand Rupees and Fifty Paise Only' });
    expect(receiptMovement([])).toBeNull();
    expect(receiptAmount(null)).toBeNull();
  });
  it('computes line totals, and takes the figures from the server in paise', () => {
    expect(lineTotal({ amount: '0.10', quantity: 3 })).toBe(0.3);
    expect(receiptFigures({
      payment: { id: 1, total_amount: '1234.50', paid_amount: '1000.00', discount_amount: '100.00', gross_amount: '1334.50', pending_amount: '234.50' },
    })).toEqual({ gross: 1334.5, discount: 100, total: 1234.5, paid: 1000, pending: 234.5 });
    // Total before discount − discount − paid = pending, as the server answers them.
    const f = receiptFigures({ payment: { total_amount: 30000, paid_amount: 15000, discount_amount: 1500, gross_amount: 31500, pending_amount: 15000 } });
    expect(f.gross - f.discount - f.paid).toBe(f.pending);
    // The server's pending stands, not one worked out again here.
    expect(billState({ total_amount: 100, paid_amount: 40, pending_amount: 0 }).pendingPaise).toBe(0);
  });
  it('names class and section', () => {
    expect(classLabel({ class: '5', section: 'A' })).toBe('5 - A');
    expect(classLabel({ class: 'LKG', section: null })).toBe('LKG');
    expect(classLabel(null)).toBe('');
  });
});
