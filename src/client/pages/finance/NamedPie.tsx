/** A pie of named totals (expenses by category) with its legend in text beside it; nothing to draw says so. */
import { Empty } from 'antd';
import { PieDrawing, PieLegend } from '../../framework/charts/index.js';
import { formatMoney } from '../../framework/format.js';
import { namedSlices } from './expenseReportModel.js';

export function NamedPie({ rows, title, empty, size = 180 }: {
  rows: Array<{ id: number | null; title: string; total_amount: number }>; title: string; empty: string; size?: number;
}) {
  const slices = namedSlices(rows);
  if (slices.length === 0) return <Empty description={empty} />;
  return (
    <figure style={{ margin: 0, display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'center' }} data-testid="named-pie">
      <PieDrawing title={title} desc={slices.map((s) => `${s.label} ${formatMoney(s.value)} (${s.percent})`).join(', ')} slices={slices} size={size} formatValue={formatMoney} />
      <PieLegend slices={slices.map((s) => ({ ...s, figure: `${formatMoney(s.value)} (${s.percent})` }))} />
    </figure>
  );
}
