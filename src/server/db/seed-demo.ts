import type { Kysely } from 'kysely';
import { resourceByName } from '../../shared/registry.js';
import type { Config } from '../config.js';
import { withTransaction } from './index.js';
import { analyzeSchools } from './statistics.js';
import { schemaFor } from '../framework/schools.js';
import type { Ctx } from '../framework/context.js';
import { hashPassword } from '../framework/passwords.js';
import * as service from '../framework/service.js';
// The resources' hooks (an academic year's start) run as they do behind the API.
import '../installed.js';
import { createIntegrations } from '../integrations/index.js';
import { createSchool } from '../provision.js';
import type { DemoSchool, DemoSeed } from '../framework/contributions.js';
import { contributed } from '../framework/extensions.js';
import { putSetting, defaultDetails } from '../platform/settings.js';

export const DEMO = {
  code: 'DEMO01',
  name: 'Demo Public School',
  password: 'Demo@1234',
  admin: 'admin@demo01.school',
  office: 'office@demo01.school',
  teacher: 'teacher@demo01.school',
  librarian: 'librarian@demo01.school',
  parentMobile: '9800000001',
};

const CLASSES = ['LKG', 'UKG', '1', '2', '3', '4', '5', '6', '7', '8', '9', '10'];
const SUBJECTS: Array<[string, string]> = [['English', 'ENG'], ['Mathematics', 'MAT'], ['Science', 'SCI'], ['Social Studies', 'SST'], ['Kannada', 'KAN']];
const TEACHERS: Array<[string, string, string]> = [
  ['Anita Sharma', DEMO.teacher, '9845000001'], ['Rahul Verma', 'rahul@demo01.school', '9845000002'],
  ['Priya Nair', 'priya@demo01.school', '9845000003'], ['Suresh Gowda', 'suresh@demo01.school', '9845000004'],
  ['Fatima Khan', 'fatima@demo01.school', '9845000005'], ['Joseph D\'Souza', 'joseph@demo01.school', '9845000006'],
];

/**
 * The demo school of a first start: every academics screen has something to show.
 * One transaction, so an interrupted first start leaves no half-made school behind; then its
 * tables' statistics, as after any big import.
 */
export async function seedDemo(db: Kysely<any>, config: Config): Promise<void> {
  await withTransaction(db, (trx) => seed(trx, config));
  await analyzeSchools(db, [schemaFor(DEMO.code)]);
}

async function seed(db: Kysely<any>, config: Config): Promise<void> {
  const { schema } = await createSchool(db, { configDir: config.configDir, code: DEMO.code, name: DEMO.name, adminEmail: DEMO.admin, adminPassword: DEMO.password, adminName: 'Demo Admin' });
  const sdb = db.withSchema(schema);
  const admin = await sdb.selectFrom('user').select(['id', 'name', 'email', 'username', 'mobile', 'role']).where('email', '=', DEMO.admin).executeTakeFirstOrThrow();
  const ctx: Ctx = { db: sdb, school: { code: DEMO.code, name: DEMO.name, schema }, user: admin, config, integrations: createIntegrations(config) };
  const hash = await hashPassword(DEMO.password);

  await putSetting(sdb, 'school', {
    ...defaultDetails(DEMO.name), short_name: 'DPS', school_address: '12, MG Road, Bengaluru, Karnataka 560001', phone_number: '080 2345 6789',
  });
  const users = [
    { name: 'Office Admin', email: DEMO.office, role: 3 },
    { name: 'Library Desk', email: DEMO.librarian, role: 7 },
    { name: 'Ramesh Kumar', email: null, username: DEMO.parentMobile, mobile: DEMO.parentMobile, role: 1 },
  ];
  for (const u of users) await sdb.insertInto('user').values({ ...u, password_hash: hash }).execute();
  // The office admin runs academics and may look at teachers.
  const office = await sdb.selectFrom('user').select('id').where('email', '=', DEMO.office).executeTakeFirstOrThrow();
  await sdb.insertInto('admin_module_access').values([
    { user_id: office.id, module_key: 'academics', create: true, read: true, update: true, delete: true },
    { user_id: office.id, module_key: 'teachers', create: false, read: true, update: false, delete: false },
    { user_id: office.id, module_key: 'students', create: true, read: true, update: true, delete: true },
    { user_id: office.id, module_key: 'fees', create: true, read: true, update: true, delete: true },
    { user_id: office.id, module_key: 'announcements', create: true, read: true, update: true, delete: true },
  ]).execute();

  const r = resourceByName;
  const teacherIds: number[] = [];
  for (const [i, [fullname, email, mobile]] of TEACHERS.entries()) {
    const t = await service.create(ctx, r('teachers'), {
      fullname, email, mobile, employee_id: `EMP${String(i + 1).padStart(3, '0')}`, job_title: i === 0 ? 'Senior Teacher' : 'Teacher',
      password: DEMO.password, extras: { qualification: i % 2 ? 'M.Sc., B.Ed.' : 'M.A., B.Ed.' },
    });
    teacherIds.push(t.id);
  }
  const branch = await service.create(ctx, r('branches'), { name: 'Main Campus', code: 'MAIN' });
  await service.create(ctx, r('branches'), { name: 'Whitefield Campus', code: 'WFD' });
  const previous = await service.create(ctx, r('acyears'), { name: '2025-26', syllabus: 'CBSE', start_date: '2025-06-01', end_date: '2026-03-31' });
  const current = await service.create(ctx, r('acyears'), { name: '2026-27', syllabus: 'CBSE', start_date: '2026-06-01', end_date: '2027-03-31' });
  await service.create(ctx, r('acyears'), { name: '2027-28', syllabus: 'CBSE', start_date: '2027-06-01', end_date: '2028-03-31' });
  await sdb.updateTable('ac_year').set({ status: 2 }).where('name', '=', '2025-26').execute();
  await service.runAction(ctx, r('acyears'), 'start', current.id);

  let k = 0;
  const classIds: Record<string, number> = {};
  for (const c of CLASSES) {
    for (const section of ['A', 'B']) {
      const row = await service.create(ctx, r('classes'), { class: c, section, branch_id: branch.id, class_teacher_id: teacherIds[k++ % teacherIds.length] });
      classIds[`${c}${section}`] = row.id;
      for (const [j, [name, code]] of SUBJECTS.entries()) {
        await service.create(ctx, r('subjects'), { class_id: row.id, name, code: `${code}${c}`, subject_type: j < 3 ? 1 : 2, marks_type: 1, subject_teacher_id: teacherIds[(k + j) % teacherIds.length] });
      }
      if (c === '9' || c === '10') {
        await service.create(ctx, r('subjects'), {
          class_id: row.id, name: 'Second Language', code: `SL${c}`, subject_type: 3, marks_type: 1,
          extras: { subjects: [
            { subject_name: 'Hindi', subject_code: `HIN${c}`, subject_teacher: teacherIds[1] },
            { subject_name: 'Sanskrit', subject_code: `SAN${c}`, subject_teacher: teacherIds[2] },
          ] },
        });
      }
    }
  }
  const midTerm = await service.create(ctx, r('tests'), { name: 'Mid Term Examination', ac_year: current.id, start_date: '2026-09-14', end_date: '2026-09-25', test_type: 1 });
  await service.create(ctx, r('tests'), { name: 'Unit Test 1', ac_year: current.id, start_date: '2026-07-20', end_date: '2026-07-24', test_type: 2 });
  const class10 = classIds['10A']!;
  const subjects = await sdb.selectFrom('subject').select(['id']).where('class_id', '=', class10).where('subject_type', '!=', 3).orderBy('id').execute();
  await service.createBatch(ctx, r('test-subjects'), {
    test_id: midTerm.id, class_id: class10,
    subjects: subjects.map((s, i) => ({
      subject_id: s.id, marks_type: 1, min_marks: 35, max_marks: 100,
      start_time: `2026-09-${14 + i}T04:30:00.000Z`, end_time: `2026-09-${14 + i}T07:30:00.000Z`, invigilator: teacherIds[i % teacherIds.length],
    })),
  });
  const parent = await sdb.selectFrom('user').select('id').where('username', '=', DEMO.parentMobile).executeTakeFirstOrThrow();
  const userId = async (email: string) => (await sdb.selectFrom('user').select('id').where('email', '=', email).executeTakeFirstOrThrow()).id;
  const demo: DemoSchool = {
    ctx, passwordHash: hash, classIds, classOrder: CLASSES.flatMap((c) => [`${c}A`, `${c}B`]),
    years: { previous: previous.id, current: current.id }, midTermId: midTerm.id, teacherIds,
    users: { admin: admin.id, office: office.id, teacher: await userId(DEMO.teacher), librarian: await userId(DEMO.librarian), parent: parent.id },
    parentChildren: async () => (await sdb.selectFrom('student').select('id').where('user_id', '=', parent.id).orderBy('fullname').execute()).map((c) => c.id),
  };
  // The modules' demo data (their contributes.ts) and the platform's welcome, in their declared order.
  const welcome: DemoSeed = {
    order: 35,
    seed: async () => {
      await sdb.insertInto('notification').values({ user_id: null, title: 'Welcome to Demo Public School', body: 'This demo school is ready: explore academics, teachers, students and more.' }).execute();
    },
  };
  for (const step of [...contributed('demo'), welcome].sort((a, b) => a.order - b.order)) await step.seed(demo);
}
