/** What the homework screens share: upload kinds, the correctable image types, the pen, texts and statuses. */
import { extensionOf } from '../../../shared/uploads.js';
import type { CallData } from '../../framework/useDeclaredCall.js';

export const KINDS = { homework: 'homework-files', solution: 'homework-solutions', correction: 'homework-corrections' } as const;

/** Images a teacher may correct by drawing on them (spec 3 §2). */
export const CORRECTABLE = ['jpg', 'jpeg', 'png', 'gif'];
export const isCorrectable = (name: string) => CORRECTABLE.includes(extensionOf(name));
export const isImage = (name: string) => ['jpg', 'jpeg', 'png', 'gif', 'webp'].includes(extensionOf(name));

/** The correction pen (spec 3 §9). */
export const PEN = { color: 'red', width: 5 } as const;

export const TEXTS = {
  over: 'Last date for submission is over',
  empty: 'Solution text is empty!',
  invalid: 'Invalid URL',
  already: (n: number) => `You have already submitted ${n} time(s)`,
} as const;

export interface HomeworkFile { name: string; path: string; url: string; size?: number; type?: string }

/** A solution without remarks awaits reply; with remarks it is corrected (spec 3 §4). */
export const solutionStatus = (s: { remarks: string | null }) => (s.remarks ? { label: 'Corrected', color: 'green' } : { label: 'Awaiting reply', color: 'gold' });

export type StaffHomework = CallData<'homework.one'>;
export type FamilyHomework = CallData<'homework.student'>;
