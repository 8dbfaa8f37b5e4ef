/**
 * A value axis worked out here rather than by recharts, whose 'auto' range spreads its steps
 * around the middle and follows any value below nought: a month whose refunds outweigh its
 * payments (-₹2,000) put a -₹5L step under the year's fees. The axis runs from 0 to the first
 * round step at or above the largest value; a negative value dips below the axis line, and
 * the tooltip still tells it.
 */

export interface Scale { domain: [number, number]; ticks: number[] }

/** Steps of 1, 2, 2.5 or 5 × 10ⁿ, whole numbers (no 2.5 below 25), about `count` of them. */
export function niceScale(values: number[], count = 4): Scale {
  const high = Math.max(0, ...values.filter((v) => Number.isFinite(v)));
  if (high === 0) return { domain: [0, 1], ticks: [0] };
  const rough = high / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const steps = (magnitude >= 10 ? [1, 2, 2.5, 5, 10] : [1, 2, 5, 10]).map((m) => m * magnitude);
  const step = Math.max(1, steps.find((s) => s >= rough)!);
  const last = Math.ceil(high / step);
  const ticks = Array.from({ length: last + 1 }, (_, i) => i * step);
  return { domain: [0, last * step], ticks };
}
