/** A pie of named totals (expenses by category) with its legend in text beside it; nothing to draw says so. */
import { Empty } from 'antd';
import { PieDrawing } from '../../framework/charts/index.js';
import { formatMoney } from '../../framework/format.js';
import { COLORS } from '../../app/theme.js';
import { namedSlices } from './expenseReportModel.js';

export function NamedPie({ rows, title, empty, size = 180 }: {
  rows: Array<{ id: number | null; title: string; total_amount: number }>; title: string; empty: string; size?: number;
}) {
  const slices = namedSlices(rows);
  if (slices.length === 0) return <Empty description={empty} />;
  return (
    <figure style={{ margin: 0, display: 'flex', flexWrap: 'wrap', gap: 16, alignItems: 'center' }} data-testid="named-pie">
      <PieDrawing title={title} desc={slices.map((s) => `${s.label} ${formatMoney(s.value)} (${s.percent})`).join(', ')} slices={slices} size={size} formatValue={formatMoney} />
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
