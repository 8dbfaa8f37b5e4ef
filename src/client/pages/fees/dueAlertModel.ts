/**
 * The questions asked before due-alert SMS go out, from the server's own count of what would be
 * sent (the preview calls). Tested in tests/unit/fees-reports-model.test.ts.
 */
import { formatINR } from '../../../shared/money.js';
import { counted } from '../../../shared/plural.js';

/** GET /fees/due/alert/{payment_id}/preview/ */
export interface BillAlertPreview { sms: number; pending: number; fullname: string; bill_name: string }
/** POST /fees/due/alert/preview/ */
export interface YearAlertPreview { sms: number; families: number; students: number }

export const billAlertQuestion = (p: BillAlertPreview) =>
  `Send ${counted(p.sms, 'SMS', 'SMS')} about ${formatINR(p.pending)} of ${p.bill_name} pending for ${p.fullname}?`;

/** The question for a class's (or the year's) alert, or null when no one would get one. */
export function yearAlertQuestion(p: YearAlertPreview, scope: string): string | null {
  if (p.sms === 0) return null;
  return `Send ${counted(p.sms, 'SMS', 'SMS')} to ${counted(p.families, 'family', 'families')} with dues in ${scope}?`;
}

export const NO_ONE_TO_ALERT = 'No family with dues has a mobile number to text';
