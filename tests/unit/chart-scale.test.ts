import { describe, expect, it } from 'vitest';
import { niceScale } from '../../src/client/framework/charts/scale.js';

describe("a chart's value axis", () => {
  it('starts at nought and ends on the round step at or above the largest value', () => {
    // The year's fees: recharts' own range put a ₹-4.5L step under these.
    expect(niceScale([0, 1_213_500, 742_000, 0])).toEqual({ domain: [0, 1_500_000], ticks: [0, 500_000, 1_000_000, 1_500_000] });
    expect(niceScale([3, 12, 7])).toEqual({ domain: [0, 15], ticks: [0, 5, 10, 15] });
    expect(niceScale([9, 10])).toEqual({ domain: [0, 10], ticks: [0, 5, 10] });
    expect(niceScale([90, 100])).toEqual({ domain: [0, 100], ticks: [0, 25, 50, 75, 100] });
  });

  it('never goes below nought, even for a month whose refunds outweigh its payments', () => {
    // The demo year's paid series: ₹2,000 refunded in a month with no payment.
    expect(niceScale([1_213_500, 591_750, 0, 152_250, -2_000])).toEqual({ domain: [0, 1_500_000], ticks: [0, 500_000, 1_000_000, 1_500_000] });
    expect(niceScale([-30_000, 90_000])).toEqual({ domain: [0, 100_000], ticks: [0, 25_000, 50_000, 75_000, 100_000] });
    for (const values of [[1], [2, 3], [1_213_500], [41, 7, 0], [999_999], [-5]]) expect(Math.min(...niceScale(values).ticks)).toBe(0);
  });

  it('counts in whole steps and draws an empty chart from nought', () => {
    expect(niceScale([1, 2])).toEqual({ domain: [0, 2], ticks: [0, 1, 2] });
    expect(niceScale([0, 0])).toEqual({ domain: [0, 1], ticks: [0] });
    expect(niceScale([])).toEqual({ domain: [0, 1], ticks: [0] });
    expect(niceScale([Number.NaN, 4])).toEqual({ domain: [0, 4], ticks: [0, 1, 2, 3, 4] });
  });
});
