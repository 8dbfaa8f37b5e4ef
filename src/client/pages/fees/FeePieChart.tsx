/**
 * The fee items' totals as a pie chart drawn in SVG (no chart library). Screen readers get the
 * chart's title and summary, and each slice names its item, amount and share; the legend
 * beside it says the same in text.
 */
import { useId } from 'react';
import { Empty } from 'antd';
import { formatMoney } from '../../framework/format.js';
import { pieSlices, sumRupees, type FeeItemRow } from './reportsModel.js';
import { COLORS } from '../../app/theme.js';

const R = 100;

export function FeePieChart({ rows, title = 'Fee items by total amount' }: { rows: FeeItemRow[]; title?: string }) {
  const id = useId();
  const slices = pieSlices(rows, R);
  if (slices.length === 0) return <Empty description="No fees billed" />;
  const whole = sumRupees(slices, (s) => s.value);
  return (
    <figure style={{ margin: 0, display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'center' }} data-testid="fee-items-pie">
      <svg role="img" aria-labelledby={`${id}-t ${id}-d`} width={2 * R} height={2 * R} viewBox={`0 0 ${2 * R} ${2 * R}`} style={{ flex: 'none' }}>
        <title id={`${id}-t`}>{title}</title>
        <desc id={`${id}-d`}>{`${slices.length} slices, ${formatMoney(whole)} in all: ${slices.map((s) => `${s.label} ${s.percent}`).join(', ')}.`}</desc>
        {slices.map((s) => (
          <path key={s.key} d={s.path} fill={s.color} stroke="#fff" strokeWidth={1} data-slice={s.label}>
            <title>{`${s.label}: ${formatMoney(s.value)} (${s.percent})`}</title>
          </path>
        ))}
      </svg>
      <figcaption>
        <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Legend">
          {slices.map((s) => (
            <li key={s.key} style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 4 }}>
              <span aria-hidden="true" style={{ display: 'inline-block', width: 12, height: 12, background: s.color, flex: 'none' }} />
              <span>{s.label}</span>
              <span style={{ color: COLORS.secondaryText }}>{`${formatMoney(s.value)} (${s.percent})`}</span>
            </li>
          ))}
        </ul>
      </figcaption>
    </figure>
  );
}
