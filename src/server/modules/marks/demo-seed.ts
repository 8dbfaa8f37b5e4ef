import type { Ctx } from '../../framework/context.js';
import * as service from '../../framework/service.js';
import { resourceByName } from '../../../shared/registry.js';
import { STUDENT_YEAR_STATUS } from '../../../generated/enums/students.js';

/** Deterministic, so every demo school shows the same marks. */
function rng(seed: number) {
  let s = seed;
  return () => ((s = (s * 1103515245 + 12345) % 2147483648) / 2147483648);
}

const REMARKS = [
  'Attentive in class and completes work on time.',
  'Participates eagerly; should revise Mathematics regularly.',
  'A sincere student who helps classmates.',
  'Good progress this term; neat notebooks.',
  'Capable of more; needs to read more at home.',
  'Confident speaker; keep up the steady effort.',
];
const CHUNK = 500;

export interface DemoMarksInput {
  yearId: number;
  midTermId: number;
  classIds: Record<string, number>;
  teacherIds: number[];
}

/**
 * The demo school's marks and report cards: the Mid Term for 5A and 10A (10A's subjects are
 * seeded with the test), Term 1's class tests for 10A (periodic test, notebooks, subject
 * enrichment), marks for every student, 10A's marks approved as the approve call leaves them
 * (no texts sent), and 10A's Term 1 report cards set up, filled in and published, so the demo
 * parent can download Ananya's card. Rows go in with multi-row inserts.
 */
export async function seedDemoMarks(ctx: Ctx, input: DemoMarksInput): Promise<void> {
  const rand = rng(511);
  const db = ctx.db;
  const r = resourceByName;
  const class5 = input.classIds['5A']!;
  const class10 = input.classIds['10A']!;
  const subjectsOf = (classId: number) => db.selectFrom('subject').select(['id']).where('class_id', '=', classId).where('subject_type', '!=', 3).orderBy('id').execute();
  const testSubjects = async (testId: number, classId: number, day: string, max: number) => {
    const subjects = await subjectsOf(classId);
    const made = await service.createBatch(ctx, r('test-subjects'), {
      test_id: testId, class_id: classId,
      subjects: subjects.map((s, i) => ({
        subject_id: s.id, marks_type: 1, min_marks: Math.round(max * 0.35), max_marks: max,
        start_time: `${day}T04:30:00.000Z`, end_time: `${day}T05:30:00.000Z`, invigilator: input.teacherIds[i % input.teacherIds.length],
      })),
    });
    return made.map((m) => ({ id: m.id as number, max }));
  };

  const midTerm5 = await testSubjects(input.midTermId, class5, '2026-09-15', 100);
  const midTerm10 = await db.selectFrom('class_test').select(['id', 'max_marks as max']).where('test_id', '=', input.midTermId).where('class_id', '=', class10).orderBy('id').execute();
  const classTest = async (name: string, start: string) =>
    (await service.create(ctx, r('tests'), { name, ac_year: input.yearId, start_date: start, end_date: start, test_type: 2 })).id as number;
  const term1 = {
    PT: await classTest('Periodic Test 1', '2026-07-27'),
    NB: await classTest('Notebook Submission, Term 1', '2026-09-05'),
    SE: await classTest('Subject Enrichment, Term 1', '2026-09-07'),
  };
  const tests10 = [
    { test: input.midTermId, subjects: midTerm10 },
    { test: term1.PT, subjects: await testSubjects(term1.PT, class10, '2026-07-27', 20) },
    { test: term1.NB, subjects: await testSubjects(term1.NB, class10, '2026-09-05', 10) },
    { test: term1.SE, subjects: await testSubjects(term1.SE, class10, '2026-09-07', 10) },
  ];

  const studentsOf = (classId: number) => db.selectFrom('student_year').select('student_id').where('class_id', '=', classId)
    .where('ac_year_id', '=', input.yearId).where('status', '=', STUDENT_YEAR_STATUS.CURRENT).orderBy('roll_no').execute();
  const [five, ten] = [await studentsOf(class5), await studentsOf(class10)];
  // Each student has a level; marks scatter around it, and one paper in forty is missed.
  const level = new Map([...five, ...ten].map((s) => [s.student_id, 0.45 + rand() * 0.5]));
  const marks: Array<Record<string, unknown>> = [];
  const mark = (testSubjectId: number, max: number, studentId: number) => {
    const absent = rand() < 0.025;
    const share = Math.min(1, Math.max(0.1, level.get(studentId)! + (rand() - 0.5) * 0.2));
    marks.push({ test_subject_id: testSubjectId, student_id: studentId, absent, marks_obtained: absent ? null : Math.round(share * max * 2) / 2, updated_by: ctx.user.id });
  };
  for (const ts of midTerm5) for (const s of five) mark(ts.id, ts.max, s.student_id);
  for (const t of tests10) for (const ts of t.subjects) for (const s of ten) mark(ts.id, ts.max, s.student_id);
  // raw write: the demo school's past, stored as it happened (demo data)
  for (let i = 0; i < marks.length; i += CHUNK) await db.insertInto('marks').values(marks.slice(i, i + CHUNK) as any).execute();

  const now = new Date();
  // raw write: the demo school's past, stored as it happened (demo data)
  await db.insertInto('marks_approval').values(tests10.map((t) => ({ test_id: t.test, class_id: class10, status: 1, approved_by: ctx.user.id, approved_at: now, sms_sent: 0 }))).execute();

  const components = [
    { term: 'Term 1', component: 'PT', test_id: term1.PT }, { term: 'Term 1', component: 'NB', test_id: term1.NB },
    { term: 'Term 1', component: 'SE', test_id: term1.SE }, { term: 'Term 1', component: 'EX', test_id: input.midTermId },
  ];
  // raw write: the demo school's past, stored as it happened (demo data)
  await db.insertInto('report_card_setup').values({
    class_id: class10, ac_year_id: input.yearId, components: JSON.stringify(components), published: 1, published_at: now, published_by: ctx.user.id,
  }).execute();
  const grade = () => (rand() < 0.55 ? 'A' : rand() < 0.8 ? 'B' : 'C');
  // raw write: the demo school's past, stored as it happened (demo data)
  await db.insertInto('report_card').values(ten.map((s, i) => ({
    student_id: s.student_id, class_id: class10, ac_year_id: input.yearId, updated_by: ctx.user.id,
    co_scholastic: JSON.stringify({ 'Term 1': { 'Work Education': grade(), 'Art Education': grade(), 'Health & Physical Education': grade(), Discipline: grade() } }),
    remarks: REMARKS[i % REMARKS.length],
  }))).execute();
}
