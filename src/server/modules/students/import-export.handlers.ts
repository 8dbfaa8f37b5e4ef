import { sql } from 'kysely';
import type { Student } from '../../../generated/entities/students.js';
import { resourceByName } from '../../../shared/registry.js';
import { createSchema } from '../../../shared/schema.js';
import type { Ctx } from '../../framework/context.js';
import { AppError, badRequest } from '../../framework/errors.js';
import { readStoredFile, saveCsvExport } from '../../framework/files.js';
import { analyzeTables } from '../../db/statistics.js';
import { PASSWORD_IS_USERNAME } from '../../framework/passwords.js';
import { isRecordId } from '../../framework/route.js';
import { defineHandlers } from '../../framework/calls.js';
import * as service from '../../framework/service.js';
import { items, type Values } from '../../framework/items.js';
import { assertObject, compile, formatErrors, matchesFormat } from '../../framework/validation.js';
import { CsvError, FORMULA_START, csvFile, decodeUtf8, parseCsv } from '../../../shared/csv.js';
import { ACY, STUDENT_STATUS } from './student.hooks.js';
import { MOBILE_RE as MOBILE } from '../../../shared/mobile.js';
import { idText } from '../../framework/inputs.js';
import { assertClass, assertYear, exportScope } from '../../framework/lookups.js';
import { STUDENT_ROLE, userForMobile } from './users.js';
import { getProgress, IMPORT_ID, setProgress, type ImportProgress } from './import-progress.js';
import { configOf, resourceFor } from '../../framework/school-config.js';
import type { CustomField } from '../../../shared/school-config.js';

/**
 * Student CSV import and export (spec 1: classes list "Import students list", students list
 * "Export"). The import template is public/templates/students-import.csv.
 *
 * Import: every row is checked first (the rules shown to the user: admission number unique
 * across all classes, branches and years and within the file, dates YYYY-MM-DD, mobile 10 digits
 * starting 6-9); rows with a problem are listed with their error and nothing of them is stored.
 * Good rows are added a batch at a time, each batch in one short transaction (logins, students
 * with their year rows, fathers as contacts, audit), so other requests run between batches; a
 * family login's password is its mobile, stored as "password is the username" (no hash to make).
 * The import reports its progress for the screen to poll. A row whose admission number already belongs to a student of the same name is
 * counted as skipped: importing the same file again adds nothing twice. Values a spreadsheet
 * would run as a formula (starting with = + - @, tab or CR) are refused.
 *
 * Export: current students (student status Active, year status Current) of a year, or of one
 * class in it, as a CSV saved with saveFile; cells that would run as formulas are neutralised.
 */

export const MAX_IMPORT_ROWS = 20_000;
const studentRes = resourceByName('students');
const contactRes = resourceByName('student-contacts');
/** The tables an import adds rows to. */
const IMPORTED_TABLES = [studentRes.table!, resourceByName('student-years').table!, contactRes.table!, 'user'];
const studentSchema = createSchema(studentRes.schema);
const validateStudent = compile(studentSchema);
const maxLen = (schema: any, k: string): number => schema.properties[k].maxLength;

/** The template's columns, in its order. */
export const IMPORT_COLUMNS = [
  'fullname', 'mobile', 'dob', 'admission_no', 'admission_date', 'roll_no', 'usn', 'aadhar_no',
  'father_name', 'gender', 'religion', 'caste', 'quota', 'blood_group', 'address',
] as const;
type Column = (typeof IMPORT_COLUMNS)[number];
const REQUIRED: Column[] = ['fullname', 'mobile', 'dob', 'admission_no', 'admission_date'];

/** Headings people write for the template's columns (after lower-casing and joining words with _). */
const ALIASES: Record<string, Column> = {
  name: 'fullname', full_name: 'fullname', student_name: 'fullname', student: 'fullname',
  mobile_no: 'mobile', mobile_number: 'mobile', phone: 'mobile', phone_no: 'mobile',
  date_of_birth: 'dob', birth_date: 'dob',
  admission_number: 'admission_no', admn_no: 'admission_no', adm_no: 'admission_no',
  roll_number: 'roll_no', roll: 'roll_no',
  sats: 'usn', sats_usn: 'usn',
  aadhar: 'aadhar_no', aadhaar: 'aadhar_no', aadhaar_no: 'aadhar_no', aadhar_number: 'aadhar_no', aadhaar_number: 'aadhar_no',
  father: 'father_name', fathers_name: 'father_name', father_s_name: 'father_name',
  sex: 'gender', blood: 'blood_group',
};

export function columnOf(heading: string): Column | null {
  const k = heading.trim().toLowerCase().replace(/['’]/g, '').replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');
  if ((IMPORT_COLUMNS as readonly string[]).includes(k)) return k as Column;
  return ALIASES[k] ?? null;
}

/** Names of the columns in messages. */
const TITLES: Record<Column, string> = {
  fullname: 'Student name', mobile: 'Mobile', dob: 'DoB', admission_no: 'Admission number', admission_date: 'Admission date',
  roll_no: 'Roll No', usn: 'SATS/USN', aadhar_no: 'Aadhaar', father_name: "Father's name", gender: 'Gender', religion: 'Religion',
  caste: 'Caste', quota: 'Quota', blood_group: 'Blood group', address: 'Address',
};
/** Free-text columns: checked for formulas, control characters and length. */
const TEXT: Partial<Record<Column, { title: string; max: number; multiline?: boolean }>> = {
  fullname: { title: TITLES.fullname, max: maxLen(studentRes.schema, 'fullname') },
  admission_no: { title: TITLES.admission_no, max: maxLen(studentRes.schema, 'admission_no') },
  usn: { title: TITLES.usn, max: maxLen(studentRes.schema, 'usn') },
  father_name: { title: TITLES.father_name, max: maxLen(contactRes.schema, 'contact_name') },
  religion: { title: TITLES.religion, max: maxLen(studentRes.schema, 'religion') },
  caste: { title: TITLES.caste, max: maxLen(studentRes.schema, 'caste') },
  quota: { title: TITLES.quota, max: maxLen(studentRes.schema, 'quota') },
  blood_group: { title: TITLES.blood_group, max: maxLen(studentRes.schema, 'blood_group') },
  address: { title: TITLES.address, max: maxLen(contactRes.schema, 'address'), multiline: true },
};
/** Any other cell longer than this is refused before it is looked at. */
const MAX_CELL = 200;

// eslint-disable-next-line no-control-regex -- finding control characters in a cell is the point
const CONTROL = /[\u0000-\u0008\u000B\u000C\u000E-\u001F\u007F]/;
const GENDERS: Record<string, string> = { male: 'Male', m: 'Male', boy: 'Male', female: 'Female', f: 'Female', girl: 'Female', others: 'Others', other: 'Others', o: 'Others' };

/** A real calendar date written YYYY-MM-DD (the payloads' `format: 'date'`) from 1900 to 2100; the message otherwise. */
export function dateProblem(v: string, title: string): string | null {
  if (!/^\d{4}-\d{2}-\d{2}$/.test(v)) return `${title} must be a date written YYYY-MM-DD, e.g. 2015-06-21`;
  const year = Number(v.slice(0, 4));
  if (year < 1900 || year > 2100 || !matchesFormat('date', v)) return `${title} is not a real date: ${v}`;
  return null;
}

export interface ImportRow {
  line: number;
  fullname: string;
  student: Record<string, unknown>;
  father_name?: string;
  address?: string;
}

export interface RowError { fullname: string; error: string }

const shortName = (s: string) => (s.length > 60 ? `${s.slice(0, 60)}…` : s);

/** One record of the file to a student payload, or the row's problems. */
export function readRow(cells: Partial<Record<Column, string>>, line: number, today: string): { row?: ImportRow; problems: string[] } {
  const problems: string[] = [];
  const v: Partial<Record<Column, string>> = {};
  const refused = new Set<Column>();
  const refuse = (col: Column, msg: string) => { problems.push(msg); refused.add(col); };
  for (const col of IMPORT_COLUMNS) {
    const raw = cells[col] ?? '';
    const text = TEXT[col];
    if (text) {
      const value = raw.replace(/\r\n?/g, '\n').trim();
      if (FORMULA_START.test(raw) || FORMULA_START.test(value)) refuse(col, `${text.title}: Formulas are not allowed`);
      else if (value.length > text.max) refuse(col, `${text.title} must be at most ${text.max} characters`);
      else if (CONTROL.test(value)) refuse(col, `${text.title} has characters that are not allowed`);
      else if (!text.multiline && value.includes('\n')) refuse(col, `${text.title} must be on one line`);
      else v[col] = value;
    } else if (raw.length > MAX_CELL) {
      refuse(col, `${TITLES[col]} is too long`);
    } else {
      v[col] = raw.trim();
    }
  }
  const absent = (col: Column) => !v[col] && !refused.has(col);
  const fullname = v.fullname ?? '';
  if (absent('fullname')) problems.push('Student name is required');
  if (absent('mobile')) problems.push('Mobile is required');
  else if (v.mobile && !MOBILE.test(v.mobile)) problems.push('Enter valid mobile number: 10 digits starting 6-9, without 0, +91, spaces or hyphens');
  if (absent('dob')) problems.push('DoB is required');
  else if (v.dob) {
    const p = dateProblem(v.dob, 'DoB');
    if (p) problems.push(p);
    else if (v.dob > today) problems.push('DoB is in the future');
  }
  if (absent('admission_no')) problems.push('Admission number is required');
  else if (v.admission_no && /^-?\d+$/.test(v.admission_no) && Number(v.admission_no) < 1) problems.push(studentRes.calls!.validateAdmissionNo!.errors!.invalid!);
  if (absent('admission_date')) problems.push('Admission date is required');
  else if (v.admission_date) {
    const p = dateProblem(v.admission_date, 'Admission date');
    if (p) problems.push(p);
  }
  let roll: number | undefined;
  if (v.roll_no) {
    if (!/^\d{1,6}$/.test(v.roll_no) || Number(v.roll_no) > 100000) problems.push('Roll No must be a whole number from 0 to 100000');
    else roll = Number(v.roll_no);
  }
  let aadhar: string | undefined;
  if (v.aadhar_no) {
    aadhar = v.aadhar_no.replace(/[ -]/g, '');
    if (!/^\d{12}$/.test(aadhar)) problems.push('Aadhaar must be 12 digits');
  }
  let gender: string | undefined;
  if (v.gender) {
    gender = GENDERS[v.gender.toLowerCase()];
    if (!gender) problems.push('Gender must be Male, Female or Others');
  }
  if (problems.length) return { problems };

  const extras: Record<string, string> = {};
  if (v.father_name) extras.father_name = v.father_name;
  if (v.address) extras.address = v.address;
  const student: Record<string, unknown> = {
    fullname, mobile: v.mobile, dob: v.dob, admission_no: v.admission_no, admission_date: v.admission_date, extras,
  };
  if (roll !== undefined) student.roll_no = roll;
  if (aadhar) student.aadhar_no = aadhar;
  if (gender) student.gender = gender;
  for (const k of ['usn', 'religion', 'caste', 'quota', 'blood_group'] as const) if (v[k]) student[k] = v[k];
  return { row: { line, fullname, student, father_name: v.father_name || undefined, address: v.address || undefined }, problems };
}

/** A heading as a key: 'Father's Name' → 'fathers_name'. */
const headingKey = (h: string) => h.trim().toLowerCase().replace(/['’]/g, '').replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '');

/**
 * A cell of one of the school's custom fields (config/schools/<CODE>.json) as its JSON value:
 * choices matched whatever their case, numbers, yes/no, dates; an empty cell is no value.
 */
export function customCell(f: CustomField, raw: string): { value?: unknown; problem?: string } {
  const v = raw.trim();
  if (!v) return {};
  if (FORMULA_START.test(raw) || FORMULA_START.test(v)) return { problem: `${f.title}: Formulas are not allowed` };
  if (CONTROL.test(v)) return { problem: `${f.title} has characters that are not allowed` };
  switch (f.type) {
    case 'integer': case 'number': {
      const n = Number(v);
      if (!/^-?\d+(\.\d+)?$/.test(v) || (f.type === 'integer' && !Number.isInteger(n))) return { problem: `${f.title} must be ${f.type === 'integer' ? 'a whole number' : 'a number'}` };
      return { value: n };
    }
    case 'boolean': {
      const b = ({ yes: true, y: true, true: true, '1': true, no: false, n: false, false: false, '0': false } as Record<string, boolean>)[v.toLowerCase()];
      return b === undefined ? { problem: `${f.title} must be Yes or No` } : { value: b };
    }
    case 'date': {
      const p = dateProblem(v, f.title);
      return p ? { problem: p } : { value: v };
    }
    default: {
      if (f.enum) {
        const hit = f.enum.find((x) => x.toLowerCase() === v.toLowerCase());
        return hit ? { value: hit } : { problem: `${f.title} must be one of ${f.enum.join(', ')}` };
      }
      return { value: v };
    }
  }
}

/** The file's records to rows: the header decides which column is which; `custom` are the school's own fields. */
export function readFile(bytes: Uint8Array, today: string, custom: Record<string, CustomField> = {}): { rows: ImportRow[]; errors: Array<RowError & { line: number }> } {
  let records: string[][];
  try {
    records = parseCsv(decodeUtf8(bytes), MAX_IMPORT_ROWS + 1);
  } catch (e) {
    if (e instanceof CsvError) {
      if (e.message.startsWith('TOO_MANY:')) throw badRequest(`The file has more than ${MAX_IMPORT_ROWS.toLocaleString('en-IN')} students; split it into smaller files`);
      throw badRequest(e.message);
    }
    throw e;
  }
  if (!records.length) throw badRequest('The file is empty');
  const header = records[0]!;
  const at = new Map<Column, number>();
  // A custom field's column is headed by its name or its title ('house' or 'House').
  const customAt = new Map<string, number>();
  const customByHeading = new Map(Object.entries(custom).flatMap(([k, f]) => [[k, k], [headingKey(f.title), k]] as Array<[string, string]>));
  header.forEach((h, i) => {
    const own = customByHeading.get(headingKey(h));
    if (own) {
      if (customAt.has(own)) throw badRequest(`The column ${own} appears twice in the header row`);
      customAt.set(own, i);
      return;
    }
    const col = columnOf(h);
    if (!col) return;
    if (at.has(col)) throw badRequest(`The column ${col} appears twice in the header row`);
    at.set(col, i);
  });
  const missing = REQUIRED.filter((c) => !at.has(c));
  if (missing.length === REQUIRED.length) {
    throw badRequest(`The first row must be the header row of the template: ${IMPORT_COLUMNS.join(', ')}`);
  }
  if (missing.length) throw badRequest(`Missing columns: ${missing.join(', ')}. The first row must be the header row of the template`);
  if (records.length === 1) throw badRequest('The file has no students below the header row');

  const rows: ImportRow[] = [];
  const errors: Array<RowError & { line: number }> = [];
  for (let r = 1; r < records.length; r++) {
    const rec = records[r]!;
    const line = r + 1; // the record's number in the file, the header being 1
    const cells: Partial<Record<Column, string>> = {};
    for (const [col, i] of at) cells[col] = rec[i] ?? '';
    const { row, problems } = readRow(cells, line, today);
    for (const [k, f] of Object.entries(custom)) {
      const got = customCell(f, customAt.has(k) ? rec[customAt.get(k)!] ?? '' : '');
      if (got.problem) problems.push(got.problem);
      else if (got.value !== undefined && row) row.student[k] = got.value;
      else if (f.required) problems.push(`${f.title} is required`);
    }
    const extra = rec.slice(header.length).some((c) => c.trim() !== '');
    if (extra) problems.push('The row has more values than the header row has columns');
    if (row && !extra && !problems.length) rows.push(row);
    else {
      const name = (cells.fullname ?? '').trim();
      errors.push({ line, fullname: name && !FORMULA_START.test(name) ? shortName(name) : `Row ${line}`, error: `Row ${line}: ${problems.join('; ')}` });
    }
  }
  return { rows, errors };
}

const sameName = (a: string, b: string) => a.trim().replace(/\s+/g, ' ').toLowerCase() === b.trim().replace(/\s+/g, ' ').toLowerCase();

function chunks<T>(xs: T[], n: number): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < xs.length; i += n) out.push(xs.slice(i, i + n));
  return out;
}

/** Adds one row: the family login, the student (and year row, by the hooks), the father as a contact. */
async function addRow(ctx: Ctx, row: ImportRow, classId: number, yearId: number): Promise<void> {
  await service.inTransaction(ctx, async (tx) => {
    const mobile = row.student.mobile as string;
    const userId = await userForMobile(tx, mobile, row.father_name ?? row.fullname);
    const student = await items(tx, 'students').create({ ...(row.student as Values<Student>), ac_year_id: yearId, class_id: classId, user_id: userId });
    if (row.father_name) await items(tx, 'student-contacts').create(fatherContact(student.id, row));
  });
}

const fatherContact = (studentId: number, row: ImportRow) => ({
  student_id: studentId, contact_name: row.father_name!, mobile: row.student.mobile as string, student_relation: 'Father',
  ...(row.address ? { address: row.address } : {}), enable_sms: true, is_emergency_contact: true,
});

/** A batch the quick path cannot add as a whole; its rows are then added one by one, each with its own message. */
class OneByOne extends Error {}

/**
 * Adds a batch of checked rows in one transaction with a few multi-row statements: the logins as
 * userForMobile makes them, then the students and their fathers as contacts through the service's
 * batch writes (the student hooks give each their year row; each row is audited, the batch's records in one statement), without a round
 * trip per row. Anything a row could be refused for (a mobile that is a staff login's username,
 * an admission number taken meanwhile) sends the batch back to addRow.
 */
async function addBatch(ctx: Ctx, rows: ImportRow[], classId: number, yearId: number): Promise<void> {
  await service.inTransaction(ctx, async (tx) => {
    const mobiles = [...new Set(rows.map((r) => r.student.mobile as string))];
    const users = new Map<string, number>();
    const found = await tx.db.selectFrom('user').select(['id', 'role', sql<string>`lower(username)`.as('u')])
      .where((eb) => eb(eb.fn('lower', ['username']), 'in', mobiles)).execute();
    for (const f of found) {
      if (f.role !== STUDENT_ROLE) throw new OneByOne();
      users.set(f.u, f.id);
    }
    const fresh = mobiles.filter((m) => !users.has(m));
    if (fresh.length) {
      const asEmail = await tx.db.selectFrom('user').select('id').where((eb) => eb(eb.fn('lower', ['email']), 'in', fresh)).executeTakeFirst();
      if (asEmail) throw new OneByOne();
      const firstOf = new Map<string, ImportRow>();
      for (const r of rows) if (!firstOf.has(r.student.mobile as string)) firstOf.set(r.student.mobile as string, r);
      const made = await tx.db.insertInto('user').values(fresh.map((m) => ({
        name: firstOf.get(m)!.father_name ?? firstOf.get(m)!.fullname, username: m, mobile: m, role: STUDENT_ROLE, password_hash: PASSWORD_IS_USERNAME,
      }))).returning(['id', 'username']).execute();
      for (const u of made) users.set(u.username!, u.id);
    }
    const students = await items(tx, 'students').createMany(rows.map((r) => ({
      ...(r.student as Values<Student>), ac_year_id: yearId, class_id: classId, user_id: users.get(r.student.mobile as string)!,
    })));
    await items(tx, 'student-contacts').createMany(rows.flatMap((r, i) => (r.father_name ? [fatherContact(students[i]!.id, r)] : [])));
  }).catch((e) => {
    // A row refused (a unique index racing another admission, a check) is that row's problem, not the batch's.
    if (e instanceof OneByOne || e instanceof AppError || e?.code === '23505') throw new OneByOne();
    throw e;
  });
}

/** Rows added in one transaction: large enough to spread each batch's few statements and commit, small enough that other calls get their turn often. */
const BATCH = 500;

export interface ImportResult { added: number; skipped: number; errors: RowError[] }

export async function importStudents(ctx: Ctx, bytes: Uint8Array, classId: number, yearId: number, onProgress: (p: ImportProgress) => void = () => undefined): Promise<ImportResult> {
  const today = new Date().toISOString().slice(0, 10);
  // The school's own fields come in too, checked with its merged schema (config/schools/<CODE>.json).
  const configured = resourceFor(ctx, studentRes);
  const custom = configOf(ctx).config?.fields?.students?.custom ?? {};
  const schema = configured === studentRes ? studentSchema : createSchema(configured.schema);
  const validate = configured === studentRes ? validateStudent : compile(schema);
  const { rows: parsed, errors } = readFile(bytes, today, custom);
  const total = parsed.length + errors.length;

  // The same admission number twice in the file: the first row counts, the others are errors.
  const firstLine = new Map<string, number>();
  const candidates: ImportRow[] = [];
  for (const row of parsed) {
    const no = row.student.admission_no as string;
    const seen = firstLine.get(no);
    if (seen !== undefined) {
      errors.push({ line: row.line, fullname: shortName(row.fullname), error: `Row ${row.line}: Admission number ${no} is repeated in this file (row ${seen})` });
      continue;
    }
    firstLine.set(no, row.line);
    const full = { ...row.student, ac_year_id: yearId, class_id: classId };
    if (!validate(full)) {
      errors.push({ line: row.line, fullname: shortName(row.fullname), error: `Row ${row.line}: ${formatErrors(schema, validate.errors ?? []).join('; ')}` });
      continue;
    }
    candidates.push(row);
  }

  // Admission numbers already in the school: the same student again is skipped, anyone else's is an error.
  const taken = new Map<string, string>();
  for (const part of chunks(candidates.map((r) => r.student.admission_no as string), 1000)) {
    const found = await ctx.db.selectFrom('student').select(['admission_no', 'fullname']).where('admission_no', 'in', part).execute();
    for (const f of found) taken.set(f.admission_no, f.fullname);
  }
  let skipped = 0;
  const toAdd: ImportRow[] = [];
  for (const row of candidates) {
    const owner = taken.get(row.student.admission_no as string);
    if (owner === undefined) toAdd.push(row);
    else if (sameName(owner, row.fullname)) skipped++;
    else errors.push({ line: row.line, fullname: shortName(row.fullname), error: `Row ${row.line}: Admission number already used` });
  }

  let added = 0;
  let processed = 0;
  const report = (finished: boolean) => onProgress({
    total, done: total - toAdd.length + processed, added, skipped, not_added: errors.length, finished,
  });
  report(false);
  for (const part of chunks(toAdd, BATCH)) {
    // The embedded database answers without going through the event loop: give way between
    // batches so the server reads other requests.
    await new Promise((resolve) => setImmediate(resolve));
    try {
      await addBatch(ctx, part, classId, yearId);
      added += part.length;
    } catch (e) {
      if (!(e instanceof OneByOne)) throw e;
      for (const row of part) {
        await new Promise((resolve) => setImmediate(resolve));
        try {
          await addRow(ctx, row, classId, yearId);
          added++;
        } catch (err) {
          if (!(err instanceof AppError)) throw err;
          errors.push({ line: row.line, fullname: shortName(row.fullname), error: `Row ${row.line}: ${err.message}` });
        }
      }
    }
    processed += part.length;
    report(false);
  }
  report(true);
  errors.sort((a, b) => a.line - b.line);
  return { added, skipped, errors: errors.map(({ fullname, error }) => ({ fullname, error })) };
}

export const EXPORT_COLUMNS = ['ID', 'Student Name', 'DoB', 'Mobile', 'Admission No', 'Admission Date', 'Roll No', 'Admission Type', 'Quota', 'Religion', 'Caste', 'Address'];
/** The student field behind each exported column, for a school's hidden fields and titles. */
const EXPORT_FIELDS = ['id', 'fullname', 'dob', 'mobile', 'admission_no', 'admission_date', 'roll_no', 'admission_type', 'quota', 'religion', 'caste', 'address'];

/** Current students of a year (or of one class in it) as CSV text, and the file's name. */
export async function exportStudents(ctx: Ctx, classId: number | undefined, yearId: number | undefined): Promise<{ name: string; csv: string; count: number }> {
  const { year, label } = await exportScope(ctx, classId, yearId);
  let qb = ctx.db.selectFrom('student_year as sy')
    .innerJoin('student as s', 's.id', 'sy.student_id')
    .innerJoin('class as c', 'c.id', 'sy.class_id')
    .select(['s.id', 's.fullname', 's.dob', 's.mobile', 's.admission_no', 's.admission_date', 'sy.roll_no', 'sy.admission_type', 's.quota', 's.religion', 's.caste',
      sql<string | null>`s.extras->>'address'`.as('address'), 's.custom'])
    .where('sy.ac_year_id', '=', year.id).where('sy.status', '=', ACY.CURRENT).where('s.status', '=', STUDENT_STATUS.ACTIVE);
  if (classId !== undefined) qb = qb.where('sy.class_id', '=', classId);
  const rows = await qb.orderBy('c.class').orderBy('c.section').orderBy(sql`sy.roll_no nulls last`).orderBy('s.fullname').orderBy('s.id').execute();
  // The school's configuration: hidden fields left out, its titles, its custom fields at the end.
  const own = configOf(ctx).config?.fields?.students;
  const hidden = new Set(own?.hide ?? []);
  const keep = EXPORT_FIELDS.map((f, i) => ({ f, title: own?.titles?.[f] ?? EXPORT_COLUMNS[i]! })).filter((c) => !hidden.has(c.f));
  const custom = Object.entries(own?.custom ?? {}).filter(([k]) => !hidden.has(k));
  const csv = csvFile([...keep.map((c) => c.title), ...custom.map(([, f]) => f.title)], rows.map((r) => [
    ...keep.map((c) => (r as Record<string, unknown>)[c.f]),
    ...custom.map(([k, f]) => {
      const v = (r.custom as Record<string, unknown> | null)?.[k];
      return f.type === 'boolean' && typeof v === 'boolean' ? (v ? 'Yes' : 'No') : v;
    }),
  ] as any[]));
  return { name: `students-${label}-${year.name}.csv`, csv, count: rows.length };
}

export default defineHandlers('students', {
  import: async (ctx, { body }) => {
    assertObject(body);
    for (const k of Object.keys(body)) if (!['path', 'class_id', 'ac_year_id', 'import_id'].includes(k)) throw badRequest(`Unknown field: ${k}`);
    // Optional: an id the browser chose to poll the progress by.
    if (body.import_id !== undefined && (typeof body.import_id !== 'string' || !IMPORT_ID.test(body.import_id))) throw ctx.fail('importId');
    const importId = body.import_id as string | undefined;
    if (body.ac_year_id === undefined || body.ac_year_id === null || body.ac_year_id === '') throw ctx.fail('year');
    if (body.class_id === undefined || body.class_id === null || body.class_id === '') throw ctx.fail('class');
    if (!isRecordId(body.class_id)) throw ctx.fail('classId');
    if (!isRecordId(body.ac_year_id)) throw ctx.fail('yearId');
    if (typeof body.path !== 'string' || !body.path.trim()) throw ctx.fail('upload');
    await assertClass(ctx, body.class_id, { inPayload: true });
    await assertYear(ctx, body.ac_year_id, { inPayload: true });
    const file = await readStoredFile(ctx, body.path);
    if (!file) throw ctx.fail('uploadAgain');
    const result = await importStudents(ctx, file.bytes, body.class_id, body.ac_year_id, (p) => setProgress(ctx.school.schema, ctx.user.id, importId, p));
    // Thousands of new rows: the planner's statistics must know them (the embedded database has no autovacuum).
    if (result.added) await analyzeTables(ctx.db, ctx.school.schema, IMPORTED_TABLES);
    await service.audit(ctx, 'students', 'import', null, { path: body.path, class_id: body.class_id, ac_year_id: body.ac_year_id, added: result.added, skipped: result.skipped, errors: result.errors.length });
    return result;
  },

  importProgress: async (ctx, { params: p }) => {
    if (!IMPORT_ID.test(p.import_id)) throw ctx.fail('importId');
    return getProgress(ctx.school.schema, ctx.user.id, p.import_id);
  },

  export: async (ctx, { query }) => {
    const { name, csv, count } = await exportStudents(ctx, idText(query.class_id, 'class id'), idText(query.ac_year_id, 'academic year id'));
    const saved = await saveCsvExport(ctx, name, csv);
    return { path: saved.path, name, count };
  },
});
