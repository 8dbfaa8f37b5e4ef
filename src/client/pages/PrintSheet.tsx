/**
 * A sheet printed as it is handed out (a question paper, a transfer certificate): printed, only
 * the sheet shows, without the application's menu, header and notifications. `printOnly` keeps
 * it off the screen (the editor shows the paper in its own way there).
 */
import type { ReactNode } from 'react';
import type { CallData } from '../framework/useDeclaredCall.js';

/** The spec's print delay (spec 3 §9): the browser's print dialog opens this long after the click. */
export const PRINT_DELAY_MS = 300;
export const printSoon = () => { setTimeout(() => window.print(), PRINT_DELAY_MS); };

const CSS = `
.print-sheet { background: #fff; color: #000; }
.print-sheet.print-only { display: none; }
.print-sheet-head { text-align: center; border-bottom: 1px solid #000; padding-bottom: 8px; margin-bottom: 12px; }
.print-sheet-head img { height: 56px; }
.print-sheet-head h1 { font-size: 20px; margin: 4px 0 0; }
.print-sheet-head p { margin: 0; font-size: 12px; }
@page { size: A4 portrait; margin: 14mm; }
@media print {
  body * { visibility: hidden !important; }
  .print-sheet, .print-sheet * { visibility: visible !important; }
  .print-sheet { display: block !important; position: absolute; left: 0; top: 0; width: 100%; }
  .ant-layout-sider, .ant-layout-header, .ant-layout-footer, .ant-notification, .ant-message, .ant-btn, .ant-badge { display: none !important; }
}
`;

export function PrintSheet({ children, printOnly, testId }: { children: ReactNode; printOnly?: boolean; testId?: string }) {
  return (
    <>
      <style>{CSS}</style>
      <div className={`print-sheet${printOnly ? ' print-only' : ''}`} data-testid={testId}>{children}</div>
    </>
  );
}

/** The school's name, address and phone at the head of a sheet (GET /about/school/). */
export function SchoolHead({ school }: { school?: Partial<CallData<'school.about'>> | null }) {
  if (!school) return null;
  return (
    <div className="print-sheet-head">
      {school.school_logo ? <img src={school.school_logo} alt="" /> : null}
      <h1>{school.school_name}</h1>
      {school.school_address ? <p>{school.school_address}</p> : null}
      {school.phone_number ? <p>Phone: {school.phone_number}</p> : null}
    </div>
  );
}
