/**
 * What the announcement screens show and check, read from the declarations: the audiences and
 * their labels (the payload schema's `to`), the classes message (its `then` branch), and the SMS
 * counter the spec gives the message (160 characters a segment).
 */
import { declaredCall } from '../../../shared/calls.js';
import type { JsonSchema } from '../../../shared/resource.js';
import type { CallData } from '../../framework/useDeclaredCall.js';
import { smsCount } from '../../../shared/sms-segments.js';

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

/** The message counter as text: 'N characters, M SMS', red above 159 characters (the Send SMS screen's count). */
export function smsCounter(text: string): { text: string; over: boolean } {
  const { chars, segments, over } = smsCount(text);
  return { text: `${chars} character${chars === 1 ? '' : 's'}, ${segments} SMS`, over };
}

/** The spec's upload messages for an attachment (spec 2 §8). */
export const uploadedText = (file: string) => `${file} file uploaded successfully.`;
export const uploadFailedText = (file: string) => `${file} file upload failed.`;

/** The first lines of a message, for a list. */
export const excerpt = (text: string, max = 140) => (text.length > max ? `${text.slice(0, max - 1).trimEnd()}…` : text);
