/**
 * What the announcement screens show and check, read from the declarations: the audiences and
 * their labels (the payload schema's `to`), the classes message (its `then` branch), and the SMS
 * counter the spec gives the message (160 characters a segment).
 */
import { declaredCall } from '../../../shared/calls.js';
import type { JsonSchema } from '../../../shared/resource.js';
import type { CallData } from '../../framework/useDeclaredCall.js';

export type AnnouncementRow = CallData<'announcements.one'>;

const MAKE: JsonSchema = declaredCall('announcements.make').def.payload!;

/** The audience codes (spec 2 §9). */
export const TO = { everyone: 0, students: 1, teachers: 2, classes: 5 } as const;

/** To's choices with their labels. */
export const AUDIENCES: Array<{ value: number; label: string }> = MAKE.properties.to.oneOf.map((o: { const: number; title: string }) => ({ value: o.const, label: o.title }));

/** 'Please select atleast one class': the server's message when To is classes and none is chosen. */
export const CLASSES_REQUIRED: string = MAKE.then.errorMessage;

/** Who an announcement is for, as a reader reads it: 'Everyone', or the class ('Class 5 A'). */
export function audienceOf(a: Pick<AnnouncementRow, 'to_role' | 'class' | 'section'>): string {
  if (a.to_role === TO.classes) return a.class ? `Class ${a.class} ${a.section ?? ''}`.trim() : 'Selected Classes';
  return AUDIENCES.find((o) => o.value === a.to_role)?.label ?? '';
}

/** SMS are sent in 160-character segments. */
export const SMS_SEGMENT = 160;

/** The message counter: 'N characters, M SMS' (segments = length / 160 rounded up), red above 159 characters. */
export function smsCounter(text: string): { text: string; over: boolean } {
  const n = text.length;
  const segments = Math.ceil(n / SMS_SEGMENT);
  return { text: `${n} character${n === 1 ? '' : 's'}, ${segments} SMS`, over: n > SMS_SEGMENT - 1 };
}

/** The spec's upload messages for an attachment (spec 2 §8). */
export const uploadedText = (file: string) => `${file} file uploaded successfully.`;
export const uploadFailedText = (file: string) => `${file} file upload failed.`;

/** The first lines of a message, for a list. */
export const excerpt = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
