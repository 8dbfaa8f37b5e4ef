/** The figures of the `computed-total` form widget: an inventory item's total, price per unit and tax percent (spec 2 §2). */
import { describe, expect, it } from 'vitest';
import { computedNotes, computedSum } from '../../src/client/framework/form/widgets/computed.js';

const NOTES = [{ label: 'Price per unit', ratio: ['amount', 'quantity'] as [string, string] }, { label: 'Tax percent', percent: ['tax', 'amount'] as [string, string] }];

describe('computed total', () => {
  it('adds money fields exactly to the paisa, blanks counting 0', () => {
    expect(computedSum({ amount: 0.1, tax: 0.2 }, ['amount', 'tax'])).toBe(0.3);
    expect(computedSum({ amount: 36000, tax: 6480 }, ['amount', 'tax'])).toBe(42480);
    expect(computedSum({ amount: 99.99 }, ['amount', 'tax'])).toBe(99.99);
    expect(computedSum({}, ['amount', 'tax'])).toBe(0);
  });

  it('gives price per unit (amount / quantity) and tax percent (tax / amount × 100) to 2 decimals', () => {
    expect(computedNotes({ amount: 1000, quantity: 3, tax: 180 }, NOTES)).toEqual([
      { label: 'Price per unit', text: '333.33', money: true },
      { label: 'Tax percent', text: '18.00%', money: false },
    ]);
    expect(computedNotes({ amount: 250, quantity: 8, tax: 12.5 }, NOTES).map((n) => n.text)).toEqual(['31.25', '5.00%']);
  });

  it('shows a dash while a divisor is blank or 0', () => {
    expect(computedNotes({ amount: 0, quantity: 0, tax: 5 }, NOTES).map((n) => n.text)).toEqual(['—', '—']);
    expect(computedNotes({}, NOTES).map((n) => n.text)).toEqual(['—', '—']);
  });
});
