/**
 * The fee items' totals as a pie chart (recharts, loaded with the chart). Screen readers get the
 * chart's title and summary; the legend beside it names each item, amount and share in text.
 */
import { Empty } from 'antd';
import { PieDrawing, PieLegend } from '../../framework/charts/index.js';
import { formatMoney } from '../../framework/format.js';
import { pieSlices, sumRupees, type FeeItemRow } from './reportsModel.js';

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
      <PieLegend slices={slices.map((s) => ({ ...s, figure: `${formatMoney(s.value)} (${s.percent})` }))} />
    </figure>
  );
}
