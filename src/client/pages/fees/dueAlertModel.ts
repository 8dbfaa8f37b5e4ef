/**
 * The questions asked before due-alert SMS go out, from the server's own count of what would be
 * sent (the preview calls). Tested in tests/unit/fees-reports-model.test.ts.
 */
import type { CallTypes } from '../../../generated/calls.js';
import { formatINR } from '../../../shared/money.js';
import { counted } from '../../../shared/plural.js';

export type BillAlertPreview = CallTypes['fee-payments.dueAlertPreview']['data'];
export type YearAlertPreview = CallTypes['fee-payments.yearAlertPreview']['data'];

export const billAlertQuestion = (p: BillAlertPreview) =>
  `Send ${counted(p.sms, 'SMS', 'SMS')} about ${formatINR(p.pending)} of ${p.bill_name} pending for ${p.fullname}?`;

/** The question for a class's (or the year's) alert, or null when no one would get one. */
export function yearAlertQuestion(p: YearAlertPreview, scope: string): string | null {
  if (p.sms === 0) return null;
  return `Send ${counted(p.sms, 'SMS', 'SMS')} to ${counted(p.families, 'family', 'families')} with dues in ${scope}?`;
}

export const NO_ONE_TO_ALERT = 'No family with dues has a mobile number to text';
