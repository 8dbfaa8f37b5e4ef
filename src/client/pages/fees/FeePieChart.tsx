/**
 * The fee items' totals as a pie chart (recharts, loaded with the chart). Screen readers get the
 * chart's title and summary; the legend beside it names each item, amount and share in text.
 */
import { Empty } from 'antd';
import { PieDrawing } from '../../framework/charts/index.js';
import { formatMoney } from '../../framework/format.js';
import { pieSlices, sumRupees, type FeeItemRow } from './reportsModel.js';
import { COLORS } from '../../app/theme.js';

const SIZE = 200;

export function FeePieChart({ rows, title = 'Fee items by total amount' }: { rows: FeeItemRow[]; title?: string }) {
  const slices = pieSlices(rows);
  if (slices.length === 0) return <Empty description="No fees billed" />;
  const whole = sumRupees(slices, (s) => s.value);
  return (
    <figure style={{ margin: 0, display: 'flex', flexWrap: 'wrap', gap: 24, alignItems: 'center' }} data-testid="fee-items-pie">
      <PieDrawing
        title={title}
        desc={`${slices.length} slices, ${formatMoney(whole)} in all: ${slices.map((s) => `${s.label} ${s.percent}`).join(', ')}.`}
        slices={slices}
        size={SIZE}
        formatValue={formatMoney}
      />
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
