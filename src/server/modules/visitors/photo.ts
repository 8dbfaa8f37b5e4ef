/**
 * A visitor's photo as the add call receives it: an image data URL from the gate's camera
 * (320×240 JPEG). What the bytes are decides, not what the URL says; it is kept in the file
 * store like an upload, and the record holds its address.
 */
import type { CallCtx } from '../../framework/calls.js';
import { saveFile, sniffType } from '../../framework/files.js';

/** A 320×240 JPEG is some 10 to 30 kB; this leaves room for a PNG or a sharper camera. */
export const MAX_PHOTO_BYTES = 200 * 1024;

const EXTENSION: Record<string, string> = { 'image/jpeg': 'jpg', 'image/png': 'png' };

export async function storePhoto(ctx: CallCtx, dataUrl: string): Promise<{ path: string }> {
  const comma = dataUrl.indexOf(',');
  const declared = dataUrl.slice('data:'.length, dataUrl.indexOf(';'));
  const bytes = Buffer.from(dataUrl.slice(comma + 1), 'base64');
  const sniffed = sniffType(bytes);
  if (!sniffed || sniffed !== declared || !EXTENSION[sniffed]) throw ctx.fail('photo');
  if (bytes.length > MAX_PHOTO_BYTES) throw ctx.fail('photoSize');
  const saved = await saveFile(ctx, { name: `visitor.${EXTENSION[sniffed]}`, contentType: sniffed, bytes, kind: 'visitor-photos' });
  return { path: saved.path };
}
