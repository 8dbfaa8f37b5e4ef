/**
 * Present and absent days by month as a stacked bar chart, drawn in SVG (no chart library).
 * Screen readers get the chart's title and summary, and each bar names its month and counts;
 * the same numbers are in a visually hidden table.
 */
import { useId } from 'react';
import { Empty } from 'antd';
import { COLORS } from '../../../app/theme.js';
import { chartMax, monthlyBars, type MonthlyAttendance } from '../detailsModel.js';

const PRESENT = COLORS.success;
const ABSENT = COLORS.error;

const hidden: React.CSSProperties = {
  position: 'absolute', width: 1, height: 1, padding: 0, margin: -1, overflow: 'hidden', clip: 'rect(0 0 0 0)', whiteSpace: 'nowrap', border: 0,
};

export function AttendanceChart({ months }: { months: MonthlyAttendance[] | undefined }) {
  const id = useId();
  const bars = monthlyBars(months);
  if (bars.length === 0) return <Empty description="No attendance recorded in this year" />;

  const max = chartMax(bars);
  const left = 36;
  const bottom = 40;
  const top = 12;
  const height = 220;
  const slot = 56;
  const barWidth = 30;
  const width = left + slot * bars.length + 8;
  const plot = height - top - bottom;
  const y = (v: number) => top + plot - (v / max) * plot;
  const ticks = [0, max / 5, (2 * max) / 5, (3 * max) / 5, (4 * max) / 5, max].map((t) => Math.round(t));
  const totalPresent = bars.reduce((s, b) => s + b.present, 0);
  const totalAbsent = bars.reduce((s, b) => s + b.absent, 0);

  return (
    <figure style={{ margin: 0 }} data-testid="attendance-chart">
      <div style={{ display: 'flex', gap: 16, marginBottom: 8 }} aria-hidden="true">
        <span><span style={{ display: 'inline-block', width: 12, height: 12, background: PRESENT, marginRight: 6 }} />Present</span>
        <span><span style={{ display: 'inline-block', width: 12, height: 12, background: ABSENT, marginRight: 6 }} />Absent</span>
      </div>
      <div style={{ overflowX: 'auto' }}>
        <svg role="img" aria-labelledby={`${id}-t ${id}-d`} width={width} height={height} viewBox={`0 0 ${width} ${height}`} style={{ display: 'block', fontSize: 11 }}>
          <title id={`${id}-t`}>Attendance by month</title>
          <desc id={`${id}-d`}>{`Stacked bars of present and absent days for ${bars.length} months: ${totalPresent} present, ${totalAbsent} absent in all.`}</desc>
          {ticks.map((t) => (
            <g key={t} aria-hidden="true">
              <line x1={left} x2={width} y1={y(t)} y2={y(t)} stroke="#f0f0f0" />
              <text x={left - 6} y={y(t) + 4} textAnchor="end" fill="#595959">{t}</text>
            </g>
          ))}
          {bars.map((b, i) => {
            const x = left + i * slot + (slot - barWidth) / 2;
            const label = `${b.label}: ${b.present} present, ${b.absent} absent`;
            return (
              <g key={b.month}>
                <title>{label}</title>
                {b.present > 0 && <rect x={x} y={y(b.present)} width={barWidth} height={y(0) - y(b.present)} fill={PRESENT} />}
                {b.absent > 0 && <rect x={x} y={y(b.total)} width={barWidth} height={y(b.present) - y(b.total)} fill={ABSENT} />}
                <text x={x + barWidth / 2} y={height - bottom + 14} textAnchor="middle" fill="#595959" aria-hidden="true">{b.label.slice(0, 3)}</text>
                <text x={x + barWidth / 2} y={height - bottom + 27} textAnchor="middle" fill="#595959" aria-hidden="true">{b.label.slice(4)}</text>
              </g>
            );
          })}
          <line x1={left} x2={width} y1={y(0)} y2={y(0)} stroke="#bfbfbf" aria-hidden="true" />
        </svg>
      </div>
      <table style={hidden}>
        <caption>Attendance by month</caption>
        <thead><tr><th scope="col">Month</th><th scope="col">Present</th><th scope="col">Absent</th></tr></thead>
        <tbody>{bars.map((b) => <tr key={b.month}><th scope="row">{b.label}</th><td>{b.present}</td><td>{b.absent}</td></tr>)}</tbody>
      </table>
    </figure>
  );
}
