import type { Ctx } from '../framework/context.js';
import { readStoredFile } from '../framework/files.js';
import { defaultDetails, getSetting, type SchoolDetails } from './settings.js';

/** The school's details, with its logo's bytes when one is stored as PNG or JPEG (what a PDF can draw). */
export async function schoolHeader(ctx: Ctx): Promise<SchoolDetails & { logo: Buffer | null }> {
  const details = await getSetting(ctx.db, 'school', defaultDetails(ctx.school.name));
  const file = details.school_logo ? await readStoredFile(ctx, details.school_logo) : null;
  const logo = file && ['image/png', 'image/jpeg'].includes(file.contentType) ? file.bytes : null;
  return { ...details, logo };
}
