import type { Kysely } from 'kysely';

const BOYS = ['Aarav', 'Vivaan', 'Aditya', 'Vihaan', 'Arjun', 'Sai', 'Reyansh', 'Krishna', 'Ishaan', 'Shaurya', 'Atharv', 'Kabir', 'Mohammed', 'Rohan', 'Nikhil', 'Joseph', 'Harpreet', 'Tenzin'];
const GIRLS = ['Ananya', 'Diya', 'Aadhya', 'Saanvi', 'Myra', 'Anika', 'Kavya', 'Ira', 'Meera', 'Riya', 'Fatima', 'Sara', 'Tanvi', 'Pooja', 'Lakshmi', 'Maria', 'Gurleen', 'Zoya'];
const LAST = [
  'Sharma', 'Verma', 'Reddy', 'Nair', 'Iyer', 'Gowda', 'Patil', 'Khan', 'Das', 'Menon', 'Rao', 'Kulkarni',
  'Singh', 'Joshi', 'Shetty', 'Hegde', 'Pillai', 'Banerjee', "D'Souza", 'Fernandes', 'Bhat', 'Kamath', 'Naidu', 'Chauhan',
];
const FATHER = ['Ramesh', 'Suresh', 'Mahesh', 'Prakash', 'Anil', 'Sunil', 'Vijay', 'Rajesh', 'Imran', 'Thomas', 'Gurpreet', 'Venkatesh'];
const MOTHER = ['Sunita', 'Lakshmi', 'Geetha', 'Anjali', 'Shabana', 'Mary', 'Kavitha', 'Rekha', 'Divya', 'Jaspreet', 'Padma', 'Asha'];
const RELIGION = ['Hindu', 'Hindu', 'Hindu', 'Muslim', 'Christian', 'Sikh', 'Jain', 'Buddhist'];
const BLOOD = ['A+', 'B+', 'O+', 'AB+', 'O-', 'A-', 'B-'];
const AREAS = ['Jayanagar', 'Indiranagar', 'Koramangala', 'Malleshwaram', 'Whitefield', 'HSR Layout', 'Basavanagudi', 'Rajajinagar'];

/** Deterministic so every demo school looks the same and tests can rely on it. */
function rng(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
}

const pad = (n: number, w = 2) => String(n).padStart(w, '0');
const CHUNK = 200;

async function insertMany(db: Kysely<any>, table: string, rows: Array<Record<string, unknown>>, returning = false): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += CHUNK) {
    // raw write: the demo school's past, stored as it happened (demo data)
    const q = db.insertInto(table).values(rows.slice(i, i + CHUNK));
    if (returning) ids.push(...(await q.returning('id').execute()).map((r: any) => r.id));
    else await q.execute();
  }
  return ids;
}

export interface DemoStudentsInput {
  classIds: Record<string, number>;
  /** Class keys in order, e.g. ['LKGA', 'LKGB', 'UKGA', …]. */
  classOrder: string[];
  previousYearId: number;
  currentYearId: number;
  parentUserId: number;
  passwordHash: string;
  /** The demo school's own choice fields (config/schools/DEMO01.json), filled in turn: its houses. */
  customChoices?: Record<string, string[]>;
}

/**
 * A dozen students in every class of the enabled year, with last year's class for all but the
 * youngest, a father and mother as contacts, a login per family (mobile as username, the demo
 * password), pocket money for some, attendance since June for classes 5A and 10A, and the demo
 * parent linked to one child in each of those two classes.
 */
export async function seedDemoStudents(db: Kysely<any>, input: DemoStudentsInput): Promise<void> {
  const rand = rng(2026);
  const pick = <T>(xs: T[]) => xs[Math.floor(rand() * xs.length)]!;
  const students: Array<Record<string, unknown>> = [];
  const families: Array<{ mobile: string; father: string; mother: string; last: string }> = [];
  let admission = 1000;
  input.classOrder.forEach((key, ci) => {
    const grade = Math.floor(ci / 2); // LKG = 0, UKG = 1, 1 = 2, …
    for (let i = 0; i < 12; i++) {
      const last = pick(LAST);
      const boy = rand() < 0.5;
      const first = pick(boy ? BOYS : GIRLS);
      const mobile = `9${pad(7, 1)}${pad(ci, 2)}${pad(i, 2)}${pad(Math.floor(rand() * 10000), 4)}`.slice(0, 10);
      const family = { mobile, father: `${pick(FATHER)} ${last}`, mother: `${pick(MOTHER)} ${last}`, last };
      families.push(family);
      const birthYear = 2022 - grade;
      students.push({
        fullname: `${first} ${last}`, mobile, dob: `${birthYear}-${pad(1 + Math.floor(rand() * 12))}-${pad(1 + Math.floor(rand() * 28))}`,
        admission_no: String(++admission), admission_date: grade <= 1 ? '2026-06-01' : `${2026 - Math.min(grade, 3)}-06-0${1 + (i % 5)}`,
        roll_no: i + 1, usn: grade >= 10 ? `USN${pad(ci)}${pad(i)}` : '', aadhar_no: `4${pad(ci, 3)}${pad(i, 2)}${pad(Math.floor(rand() * 1e6), 6)}`.slice(0, 12),
        religion: pick(RELIGION), caste: '', gender: boy ? 'Male' : 'Female', blood_group: pick(BLOOD), quota: i % 7 === 0 ? 'RTE' : 'General',
        class_id: input.classIds[key], ac_year_id: input.currentYearId, status: 1,
        extras: JSON.stringify({ father_name: family.father, address: `${1 + Math.floor(rand() * 300)}, ${pick(AREAS)}, Bengaluru` }),
      });
    }
  });
  // One login per family: mobile as username, the demo password.
  const userIds = await insertMany(db, 'user', families.map((f) => ({
    name: f.father, username: f.mobile, mobile: f.mobile, role: 1, password_hash: input.passwordHash,
  })), true);
  students.forEach((s, i) => { s.user_id = userIds[i]; });
  // The demo parent's two children: the first student of 5A and of 10A.
  const parentChildren = [input.classOrder.indexOf('5A') * 12, input.classOrder.indexOf('10A') * 12];
  for (const idx of parentChildren) {
    const s = students[idx]!;
    s.user_id = input.parentUserId;
    s.mobile = '9800000001';
    const son = idx === parentChildren[0];
    s.fullname = son ? 'Aarav Kumar' : 'Ananya Kumar';
    s.gender = son ? 'Male' : 'Female';
    s.extras = JSON.stringify({ father_name: 'Ramesh Kumar', address: '45, 4th Cross, Jayanagar, Bengaluru' });
  }
  const choices = Object.entries(input.customChoices ?? {});
  if (choices.length) students.forEach((s, i) => { s.custom = JSON.stringify(Object.fromEntries(choices.map(([k, values]) => [k, values[i % values.length]]))); });
  const ids = await insertMany(db, 'student', students, true);

  const years: Array<Record<string, unknown>> = [];
  students.forEach((s, i) => {
    const ci = Math.floor(i / 12);
    const prevKey = input.classOrder[ci - 2];
    // Everyone above UKG was in the class below last year and was promoted.
    if (prevKey) years.push({ student_id: ids[i], ac_year_id: input.previousYearId, class_id: input.classIds[prevKey], roll_no: s.roll_no, status: 2, admission_type: 'NEW' });
    years.push({ student_id: ids[i], ac_year_id: input.currentYearId, class_id: s.class_id, roll_no: s.roll_no, status: 1, admission_type: prevKey ? null : 'NEW' });
  });
  await insertMany(db, 'student_year', years);

  const contacts: Array<Record<string, unknown>> = [];
  students.forEach((s, i) => {
    const f = families[i]!;
    const father = parentChildren.includes(i) ? 'Ramesh Kumar' : f.father;
    contacts.push({ student_id: ids[i], contact_name: father, mobile: s.mobile, student_relation: 'Father', enable_sms: true, is_emergency_contact: true, address: JSON.parse(String(s.extras)).address, extras: '{}' });
    contacts.push({ student_id: ids[i], contact_name: parentChildren.includes(i) ? 'Sunita Kumar' : f.mother, mobile: `8${String(s.mobile).slice(1)}`, student_relation: 'Mother', enable_sms: false, is_emergency_contact: false, extras: '{}' });
  });
  await insertMany(db, 'student_contact', contacts);

  // Pocket money for the boarders of classes 5 to 10 (every third student), and the parent's children.
  const money: Array<Record<string, unknown>> = [];
  students.forEach((_s, i) => {
    const grade = Math.floor(Math.floor(i / 12) / 2);
    if (!(parentChildren.includes(i) || (grade >= 6 && i % 3 === 0))) return;
    money.push({ student_id: ids[i], amount: 2000, txn_type: 0, date: '2026-06-05T04:30:00.000Z', details: 'Deposit by parent' });
    money.push({ student_id: ids[i], amount: 350.5, txn_type: 1, date: '2026-07-12T09:15:00.000Z', details: 'Stationery' });
    money.push({ student_id: ids[i], amount: 120, txn_type: 1, date: '2026-08-20T10:00:00.000Z', details: 'Canteen' });
  });
  await insertMany(db, 'pocket_money', money);

  // Attendance on school days (Monday to Saturday) from June to the seed day for 5A and 10A.
  const attendance: Array<Record<string, unknown>> = [];
  const end = new Date(Math.min(Date.now(), Date.UTC(2027, 2, 31)));
  for (const key of ['5A', '10A']) {
    const ci = input.classOrder.indexOf(key);
    for (let d = new Date(Date.UTC(2026, 5, 1)); d <= end; d = new Date(d.getTime() + 86400000)) {
      if (d.getUTCDay() === 0) continue;
      const date = d.toISOString().slice(0, 10);
      for (let i = ci * 12; i < ci * 12 + 12; i++) {
        const present = rand() < 0.92 ? 1 : 0;
        attendance.push({ student_id: ids[i], class_id: input.classIds[key], ac_year_id: input.currentYearId, date, present, reason: present ? null : pick(['Fever', 'Family function', 'Not informed']) });
      }
    }
  }
  await insertMany(db, 'attendance', attendance);
}
