/**
 * What antd 5 leaves out for assistive technology, put right once for every screen rather than
 * in each page:
 * - Form.Item's aria-required lands on a Select's wrapper div, where ARIA does not allow it; it
 *   belongs on the Select's combobox input;
 * - a table's row checkboxes have no name: each is named after its row ("Select Aarav Kumar");
 * - a table's hidden measuring row copies the header (with its checkbox) into an aria-hidden
 *   row that the keyboard could still reach: it is made inert;
 * - the calendar's month and year pickers have no name;
 * - a table that scrolls sideways with nothing focusable in it cannot be scrolled by the
 *   keyboard: its scrolling box joins the tab order.
 */
import { useEffect } from 'react';

const TABBABLE = 'a[href], button:not([disabled]), input:not([type="hidden"]):not([disabled]), select, textarea, [tabindex]:not([tabindex="-1"])';

const setIfDifferent = (el: Element, name: string, value: string) => {
  if (el.getAttribute(name) !== value) el.setAttribute(name, value);
};

/** The row's name: its first linked text, else its first cell with text. */
function rowName(row: HTMLTableRowElement): string | undefined {
  const link = row.querySelector('td:not(.ant-table-selection-column) a')?.textContent?.trim();
  if (link) return link;
  for (const cell of Array.from(row.cells)) {
    if (cell.classList.contains('ant-table-selection-column')) continue;
    const text = cell.textContent?.trim();
    if (text) return text;
  }
  return undefined;
}

export function repairAntd(root: ParentNode) {
  root.querySelectorAll('.ant-select[aria-required]').forEach((select) => {
    const input = select.querySelector('input[role="combobox"]');
    if (input) setIfDifferent(input, 'aria-required', select.getAttribute('aria-required') ?? 'true');
    select.removeAttribute('aria-required');
  });
  root.querySelectorAll('.ant-table-measure-row:not([inert])').forEach((row) => row.setAttribute('inert', ''));
  root.querySelectorAll<HTMLInputElement>('.ant-table-selection-column input[type="checkbox"]').forEach((input) => {
    const row = input.closest('tr');
    if (!row || row.closest('thead') || input.getAttribute('aria-label')) return;
    const name = rowName(row as HTMLTableRowElement);
    setIfDifferent(input, 'aria-label', name ? `Select ${name}` : 'Select row');
  });
  root.querySelectorAll('.ant-table-scroll-horizontal .ant-table-content:not([tabindex]), .ant-table-scroll-horizontal .ant-table-body:not([tabindex])').forEach((box) => {
    if (!box.querySelector(TABBABLE)) box.setAttribute('tabindex', '0');
  });
  root.querySelectorAll('.ant-picker-calendar-header .ant-select').forEach((select) => {
    const input = select.querySelector('input');
    if (input) setIfDifferent(input, 'aria-label', select.classList.contains('ant-picker-calendar-year-select') ? 'Year' : 'Month');
  });
}

/** Keeps the repairs in force as screens, tables and pop-ups are drawn. */
export function useAntdRepairs() {
  useEffect(() => {
    let queued = false;
    const run = () => { queued = false; repairAntd(document.body); };
    run();
    const observer = new MutationObserver(() => {
      if (queued) return;
      queued = true;
      queueMicrotask(run);
    });
    observer.observe(document.body, { subtree: true, childList: true, attributes: true, attributeFilter: ['aria-required'] });
    return () => observer.disconnect();
  }, []);
}
