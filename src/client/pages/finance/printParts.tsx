/** The expense reports' print views: print once drawn (after the spec's 300 ms), then back; a plain table with its total. */
import { useEffect } from 'react';
import { useNavigate } from 'react-router';
import { PRINT_DELAY_MS } from '../PrintSheet.js';

export function usePrintThenBack(ready: boolean) {
  const navigate = useNavigate();
  useEffect(() => {
    if (!ready) return;
    const timer = window.setTimeout(() => { window.print(); navigate(-1); }, PRINT_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [ready, navigate]);
}

const cell = { border: '1px solid #000', padding: '4px 6px', textAlign: 'left' as const };

export function PrintedTable({ title, head, rows, total }: { title: string; head: string[]; rows: string[][]; total: string }) {
  const last = head.length - 1;
  return (
    <>
      <h2 style={{ fontSize: 16 }}>{title}</h2>
      <table style={{ borderCollapse: 'collapse', width: '100%', fontSize: 12 }}>
        <thead><tr>{head.map((h, i) => <th key={h} style={{ ...cell, textAlign: i === last ? 'right' : 'left' }}>{h}</th>)}</tr></thead>
        <tbody>
          {rows.map((r, j) => <tr key={j}>{r.map((c, i) => <td key={i} style={{ ...cell, textAlign: i === last ? 'right' : 'left' }}>{c}</td>)}</tr>)}
        </tbody>
        <tfoot><tr><td colSpan={last} style={cell}><strong>Total</strong></td><td style={{ ...cell, textAlign: 'right' }}><strong>{total}</strong></td></tr></tfoot>
      </table>
    </>
  );
}
