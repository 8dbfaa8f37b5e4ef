/**
 * Pure helpers of the student screens (list, add wizard, modals, reports): status labels,
 * initials, the SMS counter, the add wizard's stored steps and the bodies of its calls.
 * No React and no fetch, so each is unit tested (tests/unit/students-model.test.ts).
 */
import { SMS_SEGMENT, smsCount as countSms } from '../../../shared/sms-segments.js';
import type { CallData } from '../../framework/useDeclaredCall.js';
import type { FoundStudent } from './search/useStudentSearch.js';
import type { StudentsCreateUserPayload, StudentsProfileItemPayload } from '../../../generated/call-inputs.js';
import { MODULES } from '../../../shared/registry.js';
import studentSchema from '../../../../schemas/students/student.json' with { type: 'json' };
import yearSchema from '../../../../schemas/students/student-year.json' with { type: 'json' };
import { moduleEnabled, type AccessContext } from '../../framework/access.js';
import { enumLabels } from '../../framework/format.js';
import { optionLabel } from '../../framework/labels.js';
import { MOBILE_RE } from '../../../shared/mobile.js';
import { STUDENT_STATUS as STUDENT, STUDENT_YEAR_STATUS as YEAR } from '../../../generated/enums/students.js';
import { ROLE_IDS } from '../../../shared/roles.js';

/** A student of a class list as students.classYearList answers it. */
export type StudentRow = CallData<'students.classYearList'>[number];

/** A row of the student list: a class list's student, or a whole-school search's (which carries no school fields). */
export type ListedStudent = (StudentRow | FoundStudent) & { [field: string]: unknown };

/** The two statuses a student's status label is read from. */
export interface StatusFields { status?: number | null; acy_status?: number | null }

/** Year status (student_year.status, sent as acy_status) and student status labels, from their schemas. */
const YEAR_STATUS = enumLabels(yearSchema.properties.status);
const STUDENT_STATUS = enumLabels(studentSchema.properties.status);
export const TC = STUDENT.TC;

/** The status filter of the student list and the multi-class report; Current is chosen by default. */
export const STATUS_FILTERS = [
  { text: 'Current', value: 1 },
  { text: 'Promoted', value: 2 },
  { text: 'Graduated', value: 3 },
  { text: 'Shuffled', value: 4 },
];
export const DEFAULT_STATUS_FILTER = [1];

const present = (v: unknown) => v !== undefined && v !== null && v !== '';

/**
 * The Status cell: the year status when the row has one, else the student status (spec 1, 4).
 * A student who left with a TC reads 'TC' even though their last year row still says Current.
 */
export function statusLabel(row: StatusFields): string {
  if (Number(row.status) === TC) return STUDENT_STATUS.get(String(TC))!;
  if (present(row.acy_status)) return YEAR_STATUS.get(String(row.acy_status)) ?? String(row.acy_status);
  if (present(row.status)) return STUDENT_STATUS.get(String(row.status)) ?? String(row.status);
  return '';
}

/**
 * The year status the filter compares: acy_status, else what the student status means for
 * the year (active = Current, graduated = Graduated). A TC student matches no filter value.
 */
export function filterStatus(row: StatusFields): number | null {
  if (Number(row.status) === TC) return null;
  if (present(row.acy_status)) return Number(row.acy_status);
  if (Number(row.status) === STUDENT.ACTIVE) return YEAR.CURRENT;
  if (Number(row.status) === STUDENT.GRADUATED) return YEAR.GRADUATED;
  return null;
}

export const matchesStatus = <T extends StatusFields>(row: T, value: unknown) => filterStatus(row) === Number(value);

/** Up to two initials for the avatar of a student without a photo. */
export function initials(name: string | null | undefined): string {
  const parts = String(name ?? '').trim().split(/\s+/).filter(Boolean);
  if (parts.length === 0) return '?';
  const first = parts[0]!.charAt(0);
  const last = parts.length > 1 ? parts[parts.length - 1]!.charAt(0) : '';
  return (first + last).toUpperCase();
}

/** "class - section", as every picker names a class. */
export const classSection = (row: { class?: string | null; section?: string | null } | undefined) => optionLabel(row ?? {}, 'class-section');

/** Case-insensitive search of the list's rows by name, admission number, mobile and SATS/USN. */
export function searchStudents<T extends Pick<StudentRow, 'fullname' | 'admission_no' | 'mobile' | 'usn'>>(rows: T[], q: string): T[] {
  const needle = q.trim().toLowerCase();
  if (!needle) return rows;
  return rows.filter((r) => [r.fullname, r.admission_no, r.mobile, r.usn].some((v) => present(v) && String(v).toLowerCase().includes(needle)));
}

/** Text messages are 160 characters each (spec 1, 9). */
export const SMS_LENGTH = SMS_SEGMENT;
export const smsCount = (text: string | null | undefined) => countSms(String(text ?? '')).segments;
/** The counter turns red above 159 characters. */
export const smsOverOne = (text: string | null | undefined) => countSms(String(text ?? '')).over;

export const validMobile = (v: unknown) => MOBILE_RE.test(String(v ?? '').trim());

/** The distinct valid mobile numbers of the given students (the text message recipients). */
export function mobilesOf(rows: Array<{ mobile?: string | null }>): string[] {
  return [...new Set(rows.map((r) => String(r.mobile ?? '').trim()).filter(validMobile))];
}

/**
 * Whether a module is there and on: `moduleEnabled` treats a module nobody lists as on, but a
 * module the product does not have (yet) is off.
 */
export function moduleActive(ctx: AccessContext, key: string, known: Array<{ key: string }> = MODULES): boolean {
  const listed = known.some((m) => m.key === key) || ctx.schoolModules.some((m) => m.module_key === key);
  return listed && moduleEnabled(ctx, key);
}

/** The query of students.export: the whole school, or one class of a year. */
export function exportQuery(classId?: unknown, acYearId?: unknown): { class_id?: string; ac_year_id?: string } {
  if (!present(classId) || !present(acYearId)) return {};
  return { class_id: String(classId), ac_year_id: String(acYearId) };
}

// ---------------------------------------------------------------------------------------------
// The add-student wizard (spec 1, 2 reading C): Student Details, Student Profile, Father
// Details, Mother Details, Finish. Each step's answers are kept in sessionStorage under a
// wizard id carried in the URL, so Back/Forward moves between steps with their data.

export const WIZARD_STEPS = ['Student Details', 'Student Profile', 'Father Details', 'Mother Details', 'Finish'] as const;
export const FINISH_STEP = WIZARD_STEPS.length - 1;

export interface DetailsStep {
  ac_year_id: number;
  fullname: string;
  mobile: string;
  /** YYYY-MM-DD */
  dob: string;
  admission_no: string;
  /** YYYY-MM-DD */
  admission_date: string;
  class_id: number;
  roll_no?: number | null;
  usn?: string;
  aadhar_no?: string;
  /** Create a login (default) or use an existing parent login (brothers and sisters). */
  login: 'new' | 'existing';
  /** With a new login: the mobile is the username unless unchecked. */
  mobile_as_username: boolean;
  username?: string;
  email?: string;
  /** With an existing login: its user id and a label for the review. */
  user_id?: number;
  user_label?: string;
  /** Names of the chosen year and class, for the review on Finish. */
  ac_year_label?: string;
  class_label?: string;
  /** The school's own fields (config/schools/<CODE>.json), by name. */
  custom?: Record<string, unknown>;
}

export interface ProfileStep { gender?: string | null; religion?: string; caste?: string; blood_group?: string; quota?: string }

export interface ParentStep { contact_name: string; mobile: string; email?: string; occupation?: string; address?: string }

export interface WizardData {
  details?: DetailsStep;
  profile?: ProfileStep;
  /** null: the step was skipped; undefined: not reached yet. */
  father?: ParentStep | null;
  mother?: ParentStep | null;
  /** The guardian who applied for admission, neither father nor mother (from an application only). */
  guardian?: ParentStep | null;
  /** A login made by an earlier submit whose student was not saved: reused, never made twice. */
  created_user?: { user_id: number; username?: string | null; password: string } | null;
}

/** The earliest step whose data is missing for opening `step` (null when it may be opened). */
export function missingStep(data: WizardData | null | undefined, step: number): number | null {
  if (!data) return step > 0 ? 0 : null;
  if (step > 0 && !data.details) return 0;
  if (step > 1 && !data.profile) return 1;
  if (step > 2 && data.father === undefined) return 2;
  if (step > 3 && data.mother === undefined) return 3;
  return null;
}

/** A step number from the URL: a whole number within the wizard, else 0. */
export function parseStep(v: string | null | undefined): number {
  const n = Number(v);
  return Number.isInteger(n) && n >= 0 && n <= FINISH_STEP ? n : 0;
}

const clean = (v: unknown) => (typeof v === 'string' ? v.trim() : v);
const optional = (v: unknown) => {
  const c = clean(v);
  return c === '' || c === undefined || c === null ? undefined : c;
};

/** The login's username: the mobile unless unchecked, then the optional username. */
export function loginUsername(d: DetailsStep): string | undefined {
  return d.mobile_as_username ? d.mobile.trim() : (optional(d.username) as string | undefined);
}

/** The body of students.createUser for a new role-1 login. */
export function userBody(d: DetailsStep, password: string): StudentsCreateUserPayload {
  const body: StudentsCreateUserPayload = { name: d.fullname.trim(), password, role: ROLE_IDS.parent, mobile: d.mobile.trim() };
  const email = optional(d.email);
  if (email) body.email = String(email);
  const username = loginUsername(d);
  if (username) body.username = username;
  return body;
}

/** The students create body: the details, the father's name and the family address in extras. */
export function studentBody(data: WizardData, userId: number | null, schoolRequired: readonly string[] = []): Record<string, unknown> {
  const d = data.details!;
  const body: Record<string, unknown> = {
    user_id: userId, ac_year_id: d.ac_year_id, class_id: d.class_id, fullname: d.fullname.trim(), mobile: d.mobile.trim(),
    dob: d.dob, admission_no: String(d.admission_no).trim(), admission_date: d.admission_date,
  };
  // The school's own fields, and profile answers its configuration requires (the record needs them at once).
  for (const [k, v] of Object.entries(d.custom ?? {})) if (v !== undefined && v !== null && v !== '') body[k] = typeof v === 'string' ? v.trim() : v;
  for (const k of PROFILE_ITEMS) {
    const v = optional(data.profile?.[k]);
    if (schoolRequired.includes(k) && v) body[k] = v;
  }
  if (d.roll_no !== undefined && d.roll_no !== null && String(d.roll_no) !== '') body.roll_no = Number(d.roll_no);
  for (const k of ['usn', 'aadhar_no'] as const) {
    const v = optional(d[k]);
    if (v) body[k] = v;
  }
  const extras: Record<string, string> = {};
  const put = (k: string, v: unknown) => { const c = optional(v); if (c) extras[k] = String(c); };
  put('father_name', data.father?.contact_name);
  put('father_occupation', data.father?.occupation);
  put('mother_name', data.mother?.contact_name);
  put('mother_occupation', data.mother?.occupation);
  put('address', optional(data.father?.address) ?? optional(data.mother?.address) ?? data.guardian?.address);
  if (Object.keys(extras).length > 0) body.extras = extras;
  return body;
}

export const PROFILE_ITEMS = ['gender', 'religion', 'caste', 'blood_group', 'quota'] as const;

/** POST /student/profile/item/ bodies for the profile answers given. */
export function profileItems(studentId: number, p: ProfileStep | undefined): StudentsProfileItemPayload[] {
  const out: StudentsProfileItemPayload[] = [];
  for (const name of PROFILE_ITEMS) {
    const v = optional(p?.[name]);
    if (v !== undefined) out.push({ student_id: studentId, name, value: String(v) });
  }
  return out;
}

/**
 * student-contacts create bodies for the father, mother and guardian given (SMS on for each).
 * The emergency contact is the father, else the mother, else the guardian.
 */
export function contactBodies(studentId: number, data: WizardData): Array<Record<string, unknown>> {
  const out: Array<Record<string, unknown>> = [];
  const people = [['Father', data.father], ['Mother', data.mother], ['Guardian', data.guardian]] as const;
  const emergency = people.find(([, p]) => p)?.[0];
  for (const [relation, p] of people) {
    if (!p) continue;
    const c: Record<string, unknown> = {
      student_id: studentId, contact_name: p.contact_name.trim(), mobile: p.mobile.trim(), student_relation: relation,
      enable_sms: true, is_emergency_contact: relation === emergency,
    };
    const email = optional(p.email);
    if (email) c.email = email;
    const address = optional(p.address);
    if (address) c.address = address;
    out.push(c);
  }
  return out;
}

/** The id a create call answered with (`student_id`, `user_id` or `id`). */
export function createdId(data: unknown, field: string): number | null {
  const d = (data ?? {}) as Record<string, unknown>;
  const v = d[field] ?? d.id;
  const n = Number(v);
  return Number.isInteger(n) && n > 0 ? n : null;
}

/** A role-1 user as students.usersOfRole answers it, named for a picker. */
export function userLabel(u: { name?: string | null; username?: string | null; email?: string | null; mobile?: string | null }): string {
  const login = u.username || u.email || u.mobile;
  return login ? `${u.name ?? ''} (${login})`.trim() : String(u.name ?? '');
}

const wizardKey = (id: string) => `student-add:${id}`;

/** A fresh wizard id for the URL (one per visit of the add screen). */
export const newWizardId = (rnd: () => number = Math.random) => rnd().toString(36).slice(2, 10) || 'w';

/** The stored answers of a wizard, or null when this browser tab has none for that id. */
export function loadWizard(storage: Pick<Storage, 'getItem'> | undefined, id: string | null | undefined): WizardData | null {
  if (!storage || !id) return null;
  try {
    const raw = storage.getItem(wizardKey(id));
    const v = raw ? JSON.parse(raw) : null;
    return v && typeof v === 'object' ? (v as WizardData) : null;
  } catch {
    return null;
  }
}

export function saveWizard(storage: Pick<Storage, 'setItem'> | undefined, id: string, data: WizardData): void {
  try { storage?.setItem(wizardKey(id), JSON.stringify(data)); } catch { /* storage full or blocked: Back/Forward loses the answers */ }
}

export function dropWizard(storage: Pick<Storage, 'removeItem'> | undefined, id: string): void {
  try { storage?.removeItem(wizardKey(id)); } catch { /* ignore */ }
}
