import type { Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';
import { LIBRARY_DEFAULTS } from '../../../shared/library.js';
import { getSetting, putSetting } from '../../platform/settings.js';

/** The school settings key of the library's two settings (spec 3 §3 Library settings). */
const KEY = 'library';

export interface LibrarySettings { lib_max_books_allowed: number; lib_fine_per_day: number }

export async function librarySettings(db: Kysely<DB>): Promise<LibrarySettings> {
  const saved = await getSetting<Partial<LibrarySettings>>(db, KEY, {});
  return { ...LIBRARY_DEFAULTS, ...saved };
}

export const saveLibrarySettings = (db: Kysely<DB>, s: LibrarySettings) => putSetting(db, KEY, s);
