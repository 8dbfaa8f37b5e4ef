/**
 * A profile photo's rules (spec 1): JPG or PNG under 256 kB, with the spec's messages. The
 * browser checks a chosen file first; the server checks what arrives by its bytes.
 */
export const PROFILE_PHOTO_LIMIT = 256 * 1024;

export const PHOTO_MESSAGES = {
  type: 'You can only upload JPG/PNG file!',
  size: 'Image must smaller than 256 kB!',
} as const;

/** Why a profile photo is refused, or null: `type` is its MIME type (the browser's, or sniffed from its bytes). */
export function photoProblem(file: { type?: string; size: number }): string | null {
  if (file.type !== 'image/jpeg' && file.type !== 'image/png') return PHOTO_MESSAGES.type;
  if (file.size >= PROFILE_PHOTO_LIMIT) return PHOTO_MESSAGES.size;
  return null;
}
