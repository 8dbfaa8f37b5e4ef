/**
 * The marks screens' rules, free of React: what a typed or pasted cell means, the messages the
 * server gives for the same mistakes, and a pasted spreadsheet column as cells.
 */
export const MARKS_MESSAGES = {
  overMax: 'Marks obtained must be less than max marks',
  notNumber: 'Marks must be a number from 0, or AB for absent',
  noTest: 'No test taken',
} as const;

/** A cell as the save call takes it: a number, 'AB' (absent, not 0), or nothing entered. */
export type MarkValue = number | 'AB' | null;

/** What a typed cell means: its value, or the message the server would refuse it with. */
export function readMark(text: string, maxMarks: number): { value: MarkValue; error: string | null } {
  const t = text.trim();
  if (t === '') return { value: null, error: null };
  if (/^ab$/i.test(t)) return { value: 'AB', error: null };
  if (!/^\d+(\.\d{1,2})?$/.test(t)) return { value: null, error: MARKS_MESSAGES.notNumber };
  const n = Number(t);
  if (n > maxMarks) return { value: n, error: MARKS_MESSAGES.overMax };
  return { value: n, error: null };
}

/** A stored row shown in a cell: AB, the number, or empty. */
export const markText = (r: { absent: boolean; marks_obtained: number | null }): string => (r.absent ? 'AB' : r.marks_obtained === null ? '' : String(r.marks_obtained));

/**
 * A pasted block as one column of cells: a spreadsheet column (one value a line), or a row of
 * values separated by tabs; of several columns the first is taken. Trailing blank lines dropped.
 */
export function pastedColumn(text: string): string[] {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  if (lines.length === 1) return lines[0]!.split('\t').map((v) => v.trim());
  return lines.map((l) => (l.split('\t')[0] ?? '').trim());
}

/** Whether a paste is more than one value (a single value is typed into the cell as usual). */
export const isBlockPaste = (text: string) => pastedColumn(text).length > 1;

/** The cells after a paste starting at row `at`: values fill downwards, extra values are dropped. */
export function applyPaste(cells: string[], at: number, text: string): string[] {
  const values = pastedColumn(text);
  return cells.map((c, i) => (i >= at && i - at < values.length ? values[i - at]! : c));
}
