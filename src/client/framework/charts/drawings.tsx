/**
 * The charts, drawn by recharts. This file is loaded only through ./index.tsx's lazy
 * components, so recharts stays in its own chunk, out of the login screen and the shell. The
 * surfaces are images with a title and a description for screen readers (recharts' keyboard
 * layer is off: the figures beside each chart say the same in text).
 */
import { niceScale } from './scale.js';
import { Bar, BarChart, CartesianGrid, Cell, Legend, Line, LineChart, Pie, PieChart, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';

export interface PieSliceDrawing { key: string; label: string; value: number; color: string }

export interface PieDrawingProps {
  title: string;
  desc: string;
  slices: PieSliceDrawing[];
  /** Width and height in pixels. */
  size: number;
  /** The text a slice's value shows as in its tooltip. */
  formatValue: (value: number) => string;
}

/** A pie, clockwise from the top in the order of `slices`; each slice's path carries `data-slice` with its label. */
export function PieDrawing({ title, desc, slices, size, formatValue }: PieDrawingProps) {
  return (
    <PieChart width={size} height={size} margin={{ top: 0, right: 0, bottom: 0, left: 0 }} accessibilityLayer={false} role="img" title={title} desc={desc} style={{ flex: 'none' }}>
      <Pie data={slices} dataKey="value" nameKey="label" startAngle={90} endAngle={-270} outerRadius="100%" stroke="#fff" strokeWidth={1} isAnimationActive={false}>
        {slices.map((s) => <Cell key={s.key} fill={s.color} data-slice={s.label} />)}
      </Pie>
      <Tooltip formatter={(v) => formatValue(Number(v))} />
    </PieChart>
  );
}

export interface BarSeries { key: string; label: string; color: string }

export interface StackedBarsDrawingProps {
  title: string;
  desc: string;
  /** One object per bar: `categoryKey` names it, each series' key holds its number. */
  data: Array<Record<string, string | number>>;
  categoryKey: string;
  series: BarSeries[];
  /** The scale's top and its ticks. */
  max: number;
  ticks: number[];
  width: number;
  height: number;
  /** The two lines under a bar ('Jul', '2026'). */
  tickLines?: (category: string) => [string, string];
}

/** Bars of the series stacked on each other, one bar per datum. */
export function StackedBarsDrawing({ title, desc, data, categoryKey, series, max, ticks, width, height, tickLines }: StackedBarsDrawingProps) {
  return (
    <BarChart width={width} height={height} data={data} margin={{ top: 12, right: 8, bottom: 0, left: 0 }} accessibilityLayer={false} role="img" title={title} desc={desc} style={{ display: 'block', fontSize: 11 }}>
      <CartesianGrid vertical={false} stroke="#f0f0f0" />
      <XAxis
        dataKey={categoryKey}
        height={36}
        interval={0}
        stroke="#bfbfbf"
        tick={({ x, y, payload }) => {
          const [first, second] = tickLines ? tickLines(String(payload.value)) : [String(payload.value), ''];
          return (
            <text x={x} y={Number(y) + 12} textAnchor="middle" fill="#595959">
              <tspan x={x}>{first}</tspan>
              {second && <tspan x={x} dy={13}>{second}</tspan>}
            </text>
          );
        }}
      />
      <YAxis domain={[0, max]} ticks={ticks} allowDecimals={false} width={36} stroke="#bfbfbf" tick={{ fill: '#595959' }} />
      <Tooltip />
      {series.map((s) => <Bar key={s.key} dataKey={s.key} name={s.label} stackId="stack" fill={s.color} maxBarSize={30} isAnimationActive={false} />)}
    </BarChart>
  );
}

export interface SeriesDrawingProps {
  title: string;
  desc: string;
  /** Lines over the categories, or bars side by side. */
  kind: 'line' | 'bar';
  data: Array<Record<string, string | number>>;
  categoryKey: string;
  series: BarSeries[];
  height: number;
  /** The text a value shows as on the axis and in the tooltip. */
  formatValue?: (value: number) => string;
  /** The text under a category (a month's short name). */
  formatCategory?: (category: string) => string;
}

/** Series over categories as lines or grouped bars, as wide as their box, with a legend. */
export function SeriesDrawing({ title, desc, kind, data, categoryKey, series, height, formatValue, formatCategory }: SeriesDrawingProps) {
  const scale = niceScale(data.flatMap((d) => series.map((s) => Number(d[s.key]))));
  const common = { data, margin: { top: 12, right: 12, bottom: 0, left: 4 }, accessibilityLayer: false, role: 'img', title, desc, style: { fontSize: 11 } } as const;
  const axes = [
    <CartesianGrid key="grid" vertical={false} stroke="#f0f0f0" />,
    <XAxis key="x" dataKey={categoryKey} stroke="#bfbfbf" tick={{ fill: '#595959' }} tickFormatter={formatCategory ? (v) => formatCategory(String(v)) : undefined} minTickGap={8} />,
    <YAxis key="y" domain={scale.domain} ticks={scale.ticks} interval={0} allowDataOverflow stroke="#bfbfbf" tick={{ fill: '#595959' }} width={56} allowDecimals={false} tickFormatter={formatValue ? (v) => formatValue(Number(v)) : undefined} />,
    <Tooltip key="tip" formatter={formatValue ? (v) => formatValue(Number(v)) : undefined} labelFormatter={formatCategory ? (v) => formatCategory(String(v)) : undefined} />,
    <Legend key="legend" />,
  ];
  return (
    <ResponsiveContainer width="100%" height={height}>
      {kind === 'line' ? (
        <LineChart {...common}>
          {axes}
          {series.map((s) => <Line key={s.key} type="linear" dataKey={s.key} name={s.label} stroke={s.color} strokeWidth={2} dot={false} isAnimationActive={false} />)}
        </LineChart>
      ) : (
        <BarChart {...common}>
          {axes}
          {series.map((s) => <Bar key={s.key} dataKey={s.key} name={s.label} fill={s.color} maxBarSize={24} isAnimationActive={false} />)}
        </BarChart>
      )}
    </ResponsiveContainer>
  );
}
