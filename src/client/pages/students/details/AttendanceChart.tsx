/**
 * Present and absent days by month as a stacked bar chart (recharts, loaded with the chart).
 * Screen readers get the chart's title and summary; the same numbers are in a visually hidden
 * table.
 */
import { Empty } from 'antd';
import { COLORS } from '../../../app/theme.js';
import { StackedBarsDrawing } from '../../../framework/charts/index.js';
import { chartMax, monthlyBars, type MonthlyAttendance } from '../detailsModel.js';

const SERIES = [
  { key: 'present', label: 'Present', color: COLORS.success },
  { key: 'absent', label: 'Absent', color: COLORS.error },
];

const hidden: React.CSSProperties = {
  position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0,
};

/** Width of one month's slot, and of the scale on the left. */
const SLOT = 56;
const SCALE = 36;

export function AttendanceChart({ months }: { months: MonthlyAttendance[] | undefined }) {
  const bars = monthlyBars(months);
  if (bars.length === 0) return <Empty description="No attendance recorded in this year" />;

  const max = chartMax(bars);
  const ticks = [0, 1, 2, 3, 4, 5].map((i) => Math.round((i * max) / 5));
  const totalPresent = bars.reduce((s, b) => s + b.present, 0);
  const totalAbsent = bars.reduce((s, b) => s + b.absent, 0);

  return (
    <figure style={{ margin: 0 }} data-testid="attendance-chart">
      <div style={{ display: 'flex', gap: 16, marginBottom: 8 }} aria-hidden="true">
        {SERIES.map((s) => (
          <span key={s.key}><span style={{ display: 'inline-block', width: 12, height: 12, background: s.color, marginRight: 6 }} />{s.label}</span>
        ))}
      </div>
      <div style={{ overflowX: 'auto' }}>
        <StackedBarsDrawing
          title="Attendance by month"
          desc={`Stacked bars of present and absent days for ${bars.length} months: ${totalPresent} present, ${totalAbsent} absent in all.`}
          data={bars.map((b) => ({ label: b.label, present: b.present, absent: b.absent }))}
          categoryKey="label"
          series={SERIES}
          max={max}
          ticks={ticks}
          width={SCALE + SLOT * bars.length + 8}
          height={220}
          tickLines={(label) => [label.slice(0, 3), label.slice(4)]}
        />
      </div>
      <table style={hidden}>
        <caption>Attendance by month</caption>
        <thead><tr><th scope="col">Month</th><th scope="col">Present</th><th scope="col">Absent</th></tr></thead>
        <tbody>{bars.map((b) => <tr key={b.month}><th scope="row">{b.label}</th><td>{b.present}</td><td>{b.absent}</td></tr>)}</tbody>
      </table>
    </figure>
  );
}
