/**
 * CSV as spreadsheets write it (RFC 4180): quoted values with "" for a quote, CRLF or LF (or
 * old Mac CR) line ends, line breaks inside quotes, a UTF-8 byte order mark. Read and written by
 * papaparse; used by the server (student import and export) and the browser (list exports) alike.
 */
import Papa from 'papaparse';

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
 * Splits CSV text into records of fields (papaparse). Blank lines are skipped. The separator is
 * a comma, or a semicolon when the first line has semicolons and no commas (spreadsheets set to
 * a European locale write those). Stops with a CsvError past `maxRecords`.
 */
export function parseCsv(text: string, maxRecords = Infinity): string[][] {
  // One line end throughout (files mix them); a line break inside a value is kept as \n.
  const input = text.replace(/\r\n?/g, '\n');
  const firstLine = input.slice(0, input.search(/\n|$/));
  const delimiter = !firstLine.includes(',') && firstLine.includes(';') ? ';' : ',';
  const records: string[][] = [];
  let unclosedAt = -1;
  Papa.parse<string[]>(input, {
    delimiter,
    newline: '\n',
    skipEmptyLines: 'greedy',
    step: (row, parser) => {
      const open = row.errors.find((e) => e.code === 'MissingQuotes');
      if (open) { unclosedAt = open.index ?? 0; parser.abort(); return; }
      records.push(row.data);
      if (records.length > maxRecords) parser.abort();
    },
  });
  if (unclosedAt >= 0) {
    const line = input.slice(0, unclosedAt).split('\n').length;
    throw new CsvError(`A quoted value that starts on line ${line} is not closed`);
  }
  if (records.length > maxRecords) throw new CsvError(`TOO_MANY:${maxRecords}`);
  return records;
}

/** A cell a spreadsheet would run as a formula starts with one of these. */
export const FORMULA_START = /^[=+\-@\t\r]/;

/**
 * CSV text (papaparse): a header and rows, CRLF line ends. A text cell a spreadsheet would take
 * for a formula (= + - @, tab, CR at its start, even with line breaks after) gets a leading
 * apostrophe and quotes, so it shows as text and never runs; numbers stay numbers (-5).
 */
export function toCsv(header: string[], rows: unknown[][]): string {
  return `${Papa.unparse([header, ...rows], { newline: '\r\n', escapeFormulae: FORMULA_START })}\r\n`;
}

/** One CSV cell, written as toCsv writes it. */
export const csvCell = (value: unknown): string => Papa.unparse([[value]], { escapeFormulae: FORMULA_START });

/** Byte order mark: spreadsheet programs then read UTF-8 (Indian scripts, ₹) right. */
export const CSV_BOM = '\uFEFF';

/** A whole CSV file as the server stores it for download: byte order mark, then the text. */
export const csvFile = (header: string[], rows: unknown[][]) => CSV_BOM + toCsv(header, rows);
