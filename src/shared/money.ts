/**
 * Rupee amounts, exact to the paisa. Arithmetic is done on whole paise (integers), never on
 * floating rupees; figures are written the Indian way (₹1,23,456.00) and in words with lakh
 * and crore, as receipts print them. Used by the server and the browser alike.
 */

/** Rupees (at most 2 decimals, as the `money` format admits) to whole paise. */
export const toPaise = (rupees: number): number => Math.round(rupees * 100);

/** Whole paise to rupees. */
export const toRupees = (paise: number): number => paise / 100;

/** Groups digits the Indian way: 12345678 → '1,23,45,678'. */
export function indianGroups(whole: string): string {
  if (whole.length <= 3) return whole;
  const last3 = whole.slice(-3);
  const rest = whole.slice(0, -3);
  return `${rest.replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${last3}`;
}

const RUPEES = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
const FIGURE = new Intl.NumberFormat('en-IN', { minimumFractionDigits: 2, maximumFractionDigits: 2 });

/**
 * ₹1,23,456.00, in the en-IN currency format; a negative amount (a refund) as -₹500.00. The
 * figure is first rounded to whole paise, so 0.1 + 0.2 shows ₹0.30 and a rounding that leaves
 * zero never shows as -₹0.00.
 */
export function formatINR(rupees: number, opts: { symbol?: boolean } = {}): string {
  const exact = (toPaise(rupees) || 0) / 100;
  return (opts.symbol === false ? FIGURE : RUPEES).format(exact);
}

/**
 * A short figure for a chart's axis, in lakhs and crores: ₹4.5L, ₹12k, ₹1.2Cr, ₹750; a
 * negative amount as -₹4.5L.
 */
export function shortINR(rupees: number): string {
  const abs = Math.abs(rupees);
  const [value, unit] = abs >= 1e7 ? [abs / 1e7, 'Cr'] : abs >= 1e5 ? [abs / 1e5, 'L'] : abs >= 1e3 ? [abs / 1e3, 'k'] : [abs, ''];
  // One decimal at most, and none when it is nought (₹5L, not ₹5.0L).
  const figure = String(Math.round(value * 10) / 10);
  return `${rupees < 0 && figure !== '0' ? '-' : ''}₹${figure}${unit}`;
}

const ONES = ['', 'One', 'Two', 'Three', 'Four', 'Five', 'Six', 'Seven', 'Eight', 'Nine', 'Ten', 'Eleven', 'Twelve',
  'Thirteen', 'Fourteen', 'Fifteen', 'Sixteen', 'Seventeen', 'Eighteen', 'Nineteen'];
const TENS = ['', '', 'Twenty', 'Thirty', 'Forty', 'Fifty', 'Sixty', 'Seventy', 'Eighty', 'Ninety'];

/** 0 < n < 100. */
const twoDigits = (n: number): string => (n < 20 ? ONES[n]! : `${TENS[Math.floor(n / 10)]}${n % 10 ? ` ${ONES[n % 10]}` : ''}`);

/** 0 < n < 1000. */
function threeDigits(n: number): string {
  const h = Math.floor(n / 100);
  const r = n % 100;
  return [h ? `${ONES[h]} Hundred` : '', r ? twoDigits(r) : ''].filter(Boolean).join(' ');
}

/** A whole number in Indian English words: 1,23,45,678 → 'One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight'. */
export function numberInWords(n: number): string {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError('A whole number of at least 0 is needed');
  if (n === 0) return 'Zero';
  const parts: string[] = [];
  const crore = Math.floor(n / 1e7);
  const rest = n % 1e7;
  // Above 99 crore the crores count is itself said the Indian way ("One Hundred Crore").
  if (crore) parts.push(`${numberInWords(crore)} Crore`);
  const lakh = Math.floor(rest / 1e5);
  const thousand = Math.floor((rest % 1e5) / 1000);
  const hundreds = rest % 1000;
  if (lakh) parts.push(`${twoDigits(lakh)} Lakh`);
  if (thousand) parts.push(`${twoDigits(thousand)} Thousand`);
  if (hundreds) parts.push(threeDigits(hundreds));
  return parts.join(' ');
}

/** 123456.5 → 'One Lakh Twenty Three Thousand Four Hundred Fifty Six Rupees and Fifty Paise Only'. */
export function amountInWords(rupees: number): string {
  const paise = Math.abs(toPaise(rupees));
  const whole = Math.floor(paise / 100);
  const fraction = paise % 100;
  const sign = toPaise(rupees) < 0 ? 'Minus ' : '';
  const main = `${numberInWords(whole)} ${whole === 1 ? 'Rupee' : 'Rupees'}`;
  return `${sign}${main}${fraction ? ` and ${numberInWords(fraction)} Paise` : ''} Only`;
}

/** A bill line as the billing screen and the server both compute it. */
export interface BillLine { amount: number; quantity: number }

/** Sum of amount × quantity of the lines, less the discount, in paise. */
export function billTotalPaise(lines: BillLine[], discount = 0): number {
  return lines.reduce((sum, l) => sum + toPaise(l.amount) * l.quantity, 0) - toPaise(discount);
}

/** Whether a rupee figure is whole paise (at most 2 decimals), so storing it loses nothing. */
export const isWholePaise = (rupees: number): boolean => Number.isFinite(rupees) && Math.abs(rupees * 100 - Math.round(rupees * 100)) < 1e-6;

export const PAISE_MESSAGE = 'Amount can have at most 2 decimal places (paise)';

/**
 * The text of a money input: the digits grouped the Indian way ('1,23,456.50'). While the person
 * types, their decimals stay as typed; afterwards a figure of whole paise shows both decimals. A
 * figure with more decimals is left as it is, for its field to refuse, never rounded.
 */
export function moneyInputText(value: string | number | null | undefined, typing = false): string {
  if (value === null || value === undefined || value === '') return '';
  const m = /^(-?)(\d*)(?:\.(\d*))?$/.exec(String(value).replace(/,/g, ''));
  if (!m) return String(value);
  const [, sign, whole, fraction] = m;
  const grouped = `${sign}${indianGroups(whole || '0')}`;
  if (typing) return fraction === undefined ? `${sign}${whole ? indianGroups(whole) : ''}` : `${grouped}.${fraction}`;
  if (fraction === undefined || fraction.length <= 2) return `${grouped}.${(fraction ?? '').padEnd(2, '0')}`;
  return `${grouped}.${fraction}`;
}

/** A money input's text back to the figure it means: grouping, the rupee sign and spaces dropped. */
export const moneyInputValue = (text: string | undefined): string => (text ?? '').replace(/[^\d.-]/g, '');
