import crypto from 'node:crypto';
import type { Kysely } from 'kysely';
import type { DB } from '../../../generated/db.js';
import { getSetting, putSetting } from '../../platform/settings.js';

/**
 * The school's admission settings (spec 3 §3 "Admissions settings"), kept in the school's
 * settings store under one key so they change together. The token is the secret part of the
 * public application link /admissions/apply/{school_code}/{adm_application_token}/: a new one
 * makes the old link useless at once.
 */
export const ADMISSION_SETTINGS_KEY = 'admissions';

export interface AdmissionSettings {
  /** '1' when the public application form takes applications. */
  adm_enabled: '0' | '1';
  /** The classes open for applications, by class name, in the order shown to parents. */
  adm_classes_list: string[];
  /** The application fee in rupees; null (or 0) when there is none. */
  adm_application_fees: number | null;
  adm_application_token: string;
}

export const newApplicationToken = () => crypto.randomBytes(12).toString('base64url');

/** The settings in force; a school that never saved them gets them made (with a token) on first read. */
export async function getAdmissionSettings(db: Kysely<DB>): Promise<AdmissionSettings> {
  const saved = await getSetting<Partial<AdmissionSettings> | null>(db, ADMISSION_SETTINGS_KEY, null);
  if (saved?.adm_application_token) {
    return {
      adm_enabled: saved.adm_enabled === '1' ? '1' : '0',
      adm_classes_list: Array.isArray(saved.adm_classes_list) ? saved.adm_classes_list : [],
      adm_application_fees: typeof saved.adm_application_fees === 'number' && saved.adm_application_fees > 0 ? saved.adm_application_fees : null,
      adm_application_token: saved.adm_application_token,
    };
  }
  const made: AdmissionSettings = { adm_enabled: '0', adm_classes_list: [], adm_application_fees: null, adm_application_token: newApplicationToken(), ...saved } as AdmissionSettings;
  made.adm_application_token ||= newApplicationToken();
  // Concurrent first reads agree on one token: the first stored wins.
  await db.insertInto('setting').values({ key: ADMISSION_SETTINGS_KEY, value: JSON.stringify(made) }).onConflict((oc) => oc.column('key').doNothing()).execute();
  return getAdmissionSettings(db);
}

export const putAdmissionSettings = (db: Kysely<DB>, s: AdmissionSettings) => putSetting(db, ADMISSION_SETTINGS_KEY, s);

/** The application number parents see (spec 4 §9): the 6-character school code, then the id. */
export const applicationNumber = (schoolCode: string, id: number) => `${schoolCode.toUpperCase()}${id}`;
