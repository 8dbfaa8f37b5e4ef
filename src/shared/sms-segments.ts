/** Spec 3 §9: a text message segment is 160 characters; the counter turns red above 159. */
export const SMS_SEGMENT = 160;
/** Spec 3 §9: the balance warning shows under this many texts. */
export const LOW_SMS_BALANCE = 50;

/** What the Send SMS counter shows: characters, 160-character segments, and whether it is over one. */
export function smsCount(text: string): { chars: number; segments: number; over: boolean } {
  // Characters as a person counts them (an emoji is one), not UTF-16 units.
  const chars = [...text].length;
  return { chars, segments: Math.ceil(chars / SMS_SEGMENT), over: chars > SMS_SEGMENT - 1 };
}
