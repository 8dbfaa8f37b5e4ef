/**
 * CSV as spreadsheets write it (RFC 4180): quoted values with "" for a quote, CRLF or LF (or
 * old Mac CR) line ends, line breaks inside quotes, a UTF-8 byte order mark. Pure functions,
 * used by the server (student import and export) and the browser (list exports) alike.
 */

export class CsvError extends Error {}

/** Text of an uploaded file: UTF-8 only (with or without a byte order mark), else a CsvError. */
export function decodeUtf8(bytes: Uint8Array): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true, ignoreBOM: false }).decode(bytes);
  } catch {
    throw new CsvError('The file is not UTF-8 text. In Excel use "Save As" > "CSV UTF-8 (Comma delimited)" and upload it again');
  }
  if (text.includes('\u0000')) throw new CsvError('The file is not a CSV text file');
  return text;
}

/**
 * Splits CSV text into records of fields. Blank lines are skipped. The separator is a comma,
 * or a semicolon when the first line has semicolons and no commas (spreadsheets set to a
 * European locale write those). Stops with a CsvError past `maxRecords`.
 */
export function parseCsv(text: string, maxRecords = Infinity): string[][] {
  const firstLine = text.slice(0, text.search(/[\r\n]|$/));
  const sep = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const records: string[][] = [];
  let record: string[] = [];
  let field = '';
  let quoted = false; // inside a quoted value
  let line = 1;
  let quoteLine = 0;
  const endField = () => { record.push(field); field = ''; };
  const endRecord = () => {
    endField();
    if (record.some((f) => f.trim() !== '')) {
      records.push(record);
      if (records.length > maxRecords) throw new CsvError(`TOO_MANY:${maxRecords}`);
    }
    record = [];
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (quoted) {
      if (ch === '"') {
        if (text[i + 1] === '"') { field += '"'; i++; } else quoted = false;
      } else if (ch === '\r') {
        // A line break inside a value is kept as \n.
        field += '\n';
        if (text[i + 1] === '\n') i++;
        line++;
      } else {
        if (ch === '\n') line++;
        field += ch;
      }
    } else if (ch === sep) {
      endField();
    } else if (ch === '\n' || ch === '\r') {
      if (ch === '\r' && text[i + 1] === '\n') i++;
      endRecord();
      line++;
    } else if (ch === '"' && field.trim() === '') {
      // An opening quote (spaces before it are dropped, as spreadsheets do).
      quoted = true;
      quoteLine = line;
      field = '';
    } else {
      field += ch;
    }
  }
  if (quoted) throw new CsvError(`A quoted value that starts on line ${quoteLine} is not closed`);
  if (field !== '' || record.length) endRecord();
  return records;
}

/** A cell a spreadsheet would run as a formula starts with one of these. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * One CSV cell: a value a spreadsheet would take for a formula (= + - @, tab, CR) gets a
 * leading apostrophe, so it shows as text and never runs; quoted when it has to be.
 */
export function csvCell(value: unknown): string {
  if (value === null || value === undefined) return '';
  let s = String(value);
  if (typeof value === 'string' && FORMULA_START.test(s)) s = `'${s}`;
  return /[",\r\n]|^\s|\s$/.test(s) ? `"${s.replace(/"/g, '""')}"` : s;
}

/** CSV text: a header and rows of formula-safe cells, CRLF line ends. */
export function toCsv(header: string[], rows: unknown[][]): string {
  return `${[header, ...rows].map((r) => r.map(csvCell).join(',')).join('\r\n')}\r\n`;
}

/** Byte order mark: spreadsheet programs then read UTF-8 (Indian scripts, ₹) right. */
export const CSV_BOM = '\uFEFF';

/** A whole CSV file as the server stores it for download: byte order mark, then the text. */
export const csvFile = (header: string[], rows: unknown[][]) => CSV_BOM + toCsv(header, rows);
