/**
 * Charts for any screen. The drawing code (recharts, about 100 kB gzip) loads on first use in
 * a chunk of its own; until then the chart's place is held by a placeholder of its size.
 */
import { lazy, Suspense } from 'react';
import { COLORS } from '../../app/theme.js';
import type { PieDrawingProps, SeriesDrawingProps, StackedBarsDrawingProps } from './drawings.js';

export type { BarSeries, PieSliceDrawing } from './drawings.js';

const drawings = () => import('./drawings.js');
const LazyPie = lazy(() => drawings().then((m) => ({ default: m.PieDrawing })));
const LazyBars = lazy(() => drawings().then((m) => ({ default: m.StackedBarsDrawing })));
const LazySeries = lazy(() => drawings().then((m) => ({ default: m.SeriesDrawing })));

const placeholder = (width: number, height: number) => <div aria-busy="true" style={{ width, height, background: '#fafafa' }} />;

export function PieDrawing(props: PieDrawingProps) {
  return <Suspense fallback={placeholder(props.size, props.size)}><LazyPie {...props} /></Suspense>;
}

export function StackedBarsDrawing(props: StackedBarsDrawingProps) {
  return <Suspense fallback={placeholder(props.width, props.height)}><LazyBars {...props} /></Suspense>;
}

export function SeriesDrawing(props: SeriesDrawingProps) {
  return <Suspense fallback={<div aria-busy="true" style={{ width: '100%', height: props.height, background: '#fafafa' }} />}><LazySeries {...props} /></Suspense>;
}

/** A pie's legend in text beside it: each slice's colour, name and its figure (amount and share). */
export function PieLegend({ slices }: { slices: Array<{ key: string; label: string; color: string; figure: string }> }) {
  return (
    <figcaption>
      <ul style={{ listStyle: 'none', margin: 0, padding: 0 }} aria-label="Legend">
        {slices.map((s) => (
          <li key={s.key} style={{ display: 'flex', alignItems: 'center', gap: 8, marginBottom: 4 }}>
            <span aria-hidden="true" style={{ display: 'inline-block', width: 12, height: 12, background: s.color, flex: 'none' }} />
            <span>{s.label}</span>
            <span style={{ color: COLORS.secondaryText }}>{s.figure}</span>
          </li>
        ))}
      </ul>
    </figcaption>
  );
}
