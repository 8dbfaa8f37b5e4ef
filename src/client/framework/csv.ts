/** Browser-side CSV exports of what a list shows; the text itself is made by src/shared/csv.ts. */
import { CSV_BOM } from '../../shared/csv.js';

export { toCsv } from '../../shared/csv.js';

/** Offers the text as a file download, with the byte order mark spreadsheet programs need for UTF-8. */
export function downloadCsv(filename: string, csv: string): void {
  const blob = new Blob([CSV_BOM, csv], { type: 'text/csv;charset=utf-8' });
  const url = URL.createObjectURL(blob);
  download(url, filename);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

/** Saves what an address serves (a file the server made, e.g. GET /export/students/'s path) under its own name. */
export function download(href: string, filename = href.split('/').pop() ?? 'download') {
  const a = document.createElement('a');
  a.href = href;
  a.download = filename;
  document.body.appendChild(a);
  a.click();
  a.remove();
}
