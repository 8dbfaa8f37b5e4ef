import { describe, expect, it } from 'vitest';
import { amountInWords, billTotalPaise, formatINR, indianGroups, isWholePaise, moneyInputText, moneyInputValue, numberInWords, shortINR, toPaise } from '../../src/shared/money.js';

describe('Indian figures', () => {
  it('groups digits in lakhs and crores with the rupee sign and two decimals', () => {
    expect(formatINR(123456)).toBe('₹1,23,456.00');
    expect(formatINR(0)).toBe('₹0.00');
    expect(formatINR(999)).toBe('₹999.00');
    expect(formatINR(1000)).toBe('₹1,000.00');
    expect(formatINR(100000)).toBe('₹1,00,000.00');
    expect(formatINR(12345678.9)).toBe('₹1,23,45,678.90');
    expect(formatINR(1234567890.05)).toBe('₹1,23,45,67,890.05');
    expect(formatINR(-500)).toBe('-₹500.00');
    expect(formatINR(0.1 + 0.2)).toBe('₹0.30');
    expect(formatINR(1500.5, { symbol: false })).toBe('1,500.50');
    expect(formatINR(-0.001)).toBe('₹0.00');
    expect(formatINR(-1234567.5, { symbol: false })).toBe('-12,34,567.50');
    expect(indianGroups('12')).toBe('12');
  });

  it('agrees with the browser\'s own en-IN currency format', () => {
    const intl = new Intl.NumberFormat('en-IN', { style: 'currency', currency: 'INR' });
    for (const n of [0, 7.5, 999.99, 1000, 54321.1, 123456, 9876543.21, 100000000]) expect(formatINR(n)).toBe(intl.format(n));
  });
});

describe('short figures on a chart axis', () => {
  it('writes lakhs, crores and thousands with at most one decimal, and the sign before the rupee', () => {
    expect(shortINR(0)).toBe('₹0');
    expect(shortINR(750)).toBe('₹750');
    expect(shortINR(12_500)).toBe('₹12.5k');
    expect(shortINR(450_000)).toBe('₹4.5L');
    expect(shortINR(500_000)).toBe('₹5L');
    expect(shortINR(1_000_000)).toBe('₹10L');
    expect(shortINR(12_000_000)).toBe('₹1.2Cr');
    expect(shortINR(-450_000)).toBe('-₹4.5L');
  });
});

describe('money typed into an input', () => {
  it('groups the digits the Indian way as they are typed and shows paise afterwards', () => {
    expect(moneyInputText('1234567', true)).toBe('12,34,567');
    expect(moneyInputText('12,34,5678', true)).toBe('1,23,45,678');
    expect(moneyInputText('1500.', true)).toBe('1,500.');
    expect(moneyInputText('1500.5', true)).toBe('1,500.5');
    expect(moneyInputText('', true)).toBe('');
    expect(moneyInputText(99964749)).toBe('9,99,64,749.00');
    expect(moneyInputText(1500.5)).toBe('1,500.50');
    expect(moneyInputText(0)).toBe('0.00');
    expect(moneyInputText(null)).toBe('');
  });
  it('keeps a figure beyond the paisa as typed, for its field to refuse', () => {
    expect(moneyInputText('10.005')).toBe('10.005');
    expect(isWholePaise(10.005)).toBe(false);
    expect(isWholePaise(0.1 + 0.2)).toBe(true);
    expect(isWholePaise(12500.5)).toBe(true);
  });
  it('reads the figure back without grouping or sign', () => {
    expect(moneyInputValue('₹ 1,23,456.50')).toBe('123456.50');
    expect(moneyInputValue('9,99,64,749.00')).toBe('99964749.00');
  });
});

describe('amounts in words', () => {
  it('says numbers the Indian way, with lakh and crore', () => {
    expect(numberInWords(0)).toBe('Zero');
    expect(numberInWords(15)).toBe('Fifteen');
    expect(numberInWords(40)).toBe('Forty');
    expect(numberInWords(105)).toBe('One Hundred Five');
    expect(numberInWords(1000)).toBe('One Thousand');
    expect(numberInWords(100000)).toBe('One Lakh');
    expect(numberInWords(123456)).toBe('One Lakh Twenty Three Thousand Four Hundred Fifty Six');
    expect(numberInWords(10000000)).toBe('One Crore');
    expect(numberInWords(12345678)).toBe('One Crore Twenty Three Lakh Forty Five Thousand Six Hundred Seventy Eight');
    expect(numberInWords(99_99_99_999)).toBe('Ninety Nine Crore Ninety Nine Lakh Ninety Nine Thousand Nine Hundred Ninety Nine');
    expect(numberInWords(1_00_00_00_000)).toBe('One Hundred Crore');
    expect(() => numberInWords(-1)).toThrow();
    expect(() => numberInWords(1.5)).toThrow();
  });

  it('writes rupees and paise as a receipt prints them', () => {
    expect(amountInWords(123456)).toBe('One Lakh Twenty Three Thousand Four Hundred Fifty Six Rupees Only');
    expect(amountInWords(1)).toBe('One Rupee Only');
    expect(amountInWords(2500.5)).toBe('Two Thousand Five Hundred Rupees and Fifty Paise Only');
    expect(amountInWords(0.75)).toBe('Zero Rupees and Seventy Five Paise Only');
    expect(amountInWords(-300)).toBe('Minus Three Hundred Rupees Only');
    expect(amountInWords(0.1 + 0.2)).toBe('Zero Rupees and Thirty Paise Only');
  });
});

describe('bill totals', () => {
  it('sums amount times quantity less the discount in whole paise, with no floating-point drift', () => {
    expect(billTotalPaise([{ amount: 0.1, quantity: 3 }, { amount: 0.2, quantity: 1 }])).toBe(50);
    expect(billTotalPaise([{ amount: 12500.75, quantity: 2 }, { amount: 1200, quantity: 1 }], 500.5)).toBe(2_570_100);
    expect(billTotalPaise([], 0)).toBe(0);
    expect(billTotalPaise([{ amount: 100, quantity: 1 }], 150)).toBe(-5000);
    // 1.005 is stored as 1.00499999…; a paise amount never has a third decimal, so the schema refuses it before it gets here.
    expect(toPaise(19.99)).toBe(1999);
  });
});
