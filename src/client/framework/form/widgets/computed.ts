/**
 * The figures a `computed-total` field shows, from the form's other fields: a total that is the
 * sum of money fields (in whole paise, so 0.1 + 0.2 is 0.30), and notes that divide one field by
 * another (price per unit) or give one as a percent of another (tax percent), to 2 decimals.
 */
import { toPaise, toRupees } from '../../../../shared/money.js';

export interface ComputedOptions {
  sum: string[];
  notes?: Array<{ label: string; ratio?: [string, string]; percent?: [string, string] }>;
}

const num = (v: unknown): number => (typeof v === 'number' ? v : Number(v ?? NaN));

/** The sum of the fields in rupees, exact to the paisa (blank fields count 0). */
export const computedSum = (data: Record<string, unknown>, fields: string[]): number =>
  toRupees(fields.reduce((s, f) => s + (Number.isFinite(num(data[f])) ? toPaise(num(data[f])) : 0), 0));

/** Each note as shown: '—' while its divisor is blank or 0. */
export function computedNotes(data: Record<string, unknown>, notes: ComputedOptions['notes'] = []): Array<{ label: string; text: string; money: boolean }> {
  return notes.map((n) => {
    const [a, b] = n.ratio ?? n.percent ?? ['', ''];
    const x = num(data[a]);
    const y = num(data[b]);
    if (!Number.isFinite(x) || !Number.isFinite(y) || y === 0) return { label: n.label, text: '—', money: false };
    const value = n.ratio ? x / y : (x / y) * 100;
    return { label: n.label, text: n.ratio ? value.toFixed(2) : `${value.toFixed(2)}%`, money: Boolean(n.ratio) };
  });
}
