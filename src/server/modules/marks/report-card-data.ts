/**
 * Everything a class's report cards print, read in a handful of queries whatever the class's
 * size: the school, the class and year, the tests chosen per component, every student's marks
 * in them scaled to the components, their entries and their attendance.
 */
import { sql } from 'kysely';
import type { Ctx } from '../../framework/context.js';
import { configOf } from '../../framework/school-config.js';
import { cardPlan, overallResult, scaleMark, termResult, type CardPlan, type ComponentMark, type TermResult } from '../../../shared/report-card.js';
import type { GradeBand } from '../../../shared/grades.js';
import { schoolHeader } from '../../platform/school-header.js';
import { classStudents, MARKS_TYPE, marksOf, scaleOf } from './sheet.js';

export type Chosen = Array<{ term: string; component: string; test_id: number }>;

/** The class and year of a card, or undefined when either does not exist. */
export async function classAndYear(ctx: Ctx, classId: number, yearId: number) {
  const [klass, year] = await Promise.all([
    ctx.db.selectFrom('class as c').leftJoin('teacher as t', 't.id', 'c.class_teacher_id')
      .select(['c.id', 'c.class', 'c.section', 't.fullname as class_teacher']).where('c.id', '=', classId).executeTakeFirst(),
    ctx.db.selectFrom('ac_year').select(['id', 'name']).where('id', '=', yearId).executeTakeFirst(),
  ]);
  return { klass, year };
}

/** A class's setup for a year: the tests chosen and whether the cards are published. */
export async function setupOf(ctx: Ctx, classId: number, yearId: number) {
  const row = await ctx.db.selectFrom('report_card_setup').select(['id', 'components', 'published', 'published_at'])
    .where('class_id', '=', classId).where('ac_year_id', '=', yearId).executeTakeFirst();
  return { id: row?.id ?? null, components: (row?.components ?? []) as Chosen, published: row?.published === 1, published_at: row?.published_at ?? null };
}

/** The report card rows (entries) of some students in a year, by student. */
export async function entriesOf(ctx: Ctx, studentIds: number[], yearId: number) {
  const rows = studentIds.length
    ? await ctx.db.selectFrom('report_card').selectAll().where('ac_year_id', '=', yearId).where('student_id', 'in', studentIds).execute()
    : [];
  return new Map(rows.map((r) => [r.student_id, r]));
}

/**
 * The class's recorded attendance of the year: the days it was taken and each student's days
 * present; null when none is recorded (the cards then print what was entered per student).
 */
export async function recordedAttendance(ctx: Ctx, classId: number, yearId: number) {
  const days = await ctx.db.selectFrom('attendance').select(sql<number>`count(distinct date)::int`.as('n'))
    .where('class_id', '=', classId).where('ac_year_id', '=', yearId).executeTakeFirstOrThrow();
  if (!days.n) return null;
  const present = await ctx.db.selectFrom('attendance').select(['student_id', sql<number>`count(*)::int`.as('n')])
    .where('class_id', '=', classId).where('ac_year_id', '=', yearId).where('present', '=', 1).groupBy('student_id').execute();
  return { working: days.n, present: new Map(present.map((p) => [p.student_id, p.n])) };
}

export interface SubjectCard { subject: string; terms: TermResult[]; overall: ReturnType<typeof overallResult> }
export interface StudentCard {
  student_id: number; fullname: string; admission_no: string | null; roll_no: number | null; dob: string | null; father_name: string | null;
  subjects: SubjectCard[];
  /** Term to area to grade (discipline included). */
  co_scholastic: Record<string, Record<string, string | null>>;
  attendance: { present: number; working: number } | null;
  remarks: string | null; result: string | null; promoted_to: string | null;
}
export interface ClassCards {
  school: Awaited<ReturnType<typeof schoolHeader>>;
  klass: { class: string; section: string | null; class_teacher: string | null };
  year: string;
  plan: CardPlan;
  scale: GradeBand[];
  students: StudentCard[];
}

const className = (c: { class: string; section: string | null }) => (c.section ? `${c.class} - ${c.section}` : c.class);

/**
 * Every student's card (or one student's) of a class and year: subjects are those the chosen
 * tests examine the class in (marks, not grades), in the order the class's subjects were made.
 */
export async function classCards(ctx: Ctx, classId: number, yearId: number, onlyStudent?: number): Promise<ClassCards> {
  const { klass, year } = await classAndYear(ctx, classId, yearId);
  if (!klass || !year) throw new Error('classCards needs an existing class and year');
  const plan = cardPlan(configOf(ctx).config?.academics);
  const scale = scaleOf(ctx);
  const setup = await setupOf(ctx, classId, yearId);
  const testIds = [...new Set(setup.components.map((c) => c.test_id))];
  const testSubjects = testIds.length
    ? await ctx.db.selectFrom('class_test as ts').innerJoin('subject as s', 's.id', 'ts.subject_id')
      .select(['ts.id', 'ts.test_id', 'ts.subject_id', 'ts.max_marks', 's.name as subject'])
      .where('ts.class_id', '=', classId).where('ts.test_id', 'in', testIds).where('ts.marks_type', '<>', MARKS_TYPE.grades)
      .orderBy('ts.subject_id').execute()
    : [];
  const subjects = [...new Map(testSubjects.map((t) => [t.subject_id, t.subject])).entries()];
  const byTestSubject = new Map(testSubjects.map((t) => [`${t.test_id}:${t.subject_id}`, t]));

  let roster = await classStudents(ctx, classId, yearId);
  if (onlyStudent !== undefined) roster = roster.filter((s) => s.student_id === onlyStudent);
  const ids = roster.map((s) => s.student_id);
  const [marks, entries, attendance, school, details, promoted] = await Promise.all([
    marksOf(ctx, testSubjects.map((t) => t.id)),
    entriesOf(ctx, ids, yearId),
    recordedAttendance(ctx, classId, yearId),
    schoolHeader(ctx),
    ids.length ? ctx.db.selectFrom('student').select(['id', 'dob', sql<string | null>`extras->>'father_name'`.as('father_name')]).where('id', 'in', ids).execute() : [],
    ctx.db.selectFrom('report_card as r').innerJoin('class as c', 'c.id', 'r.promoted_to_class_id')
      .select(['r.student_id', 'c.class', 'c.section']).where('r.ac_year_id', '=', yearId).where('r.class_id', '=', classId).execute(),
  ]);
  const detailOf = new Map(details.map((d) => [d.id, d]));
  const promotedOf = new Map(promoted.map((p) => [p.student_id, className(p)]));

  const students = roster.map((st): StudentCard => {
    const subjectCards = subjects.map(([subjectId, subject]) => {
      const terms = plan.terms.map((term) => {
        const cells: Record<string, ComponentMark> = {};
        const counted: string[] = [];
        for (const comp of plan.components) {
          const chosen = setup.components.find((c) => c.term === term && c.component === comp.code);
          const ts = chosen && byTestSubject.get(`${chosen.test_id}:${subjectId}`);
          if (!ts) continue;
          counted.push(comp.code);
          cells[comp.code] = scaleMark(marks.get(ts.id)?.get(st.student_id), ts.max_marks, comp.max_marks);
        }
        return termResult(plan, cells, counted, scale);
      });
      return { subject, terms, overall: overallResult(terms, scale) };
    });
    const entry = entries.get(st.student_id);
    const d = detailOf.get(st.student_id);
    const present = attendance ? attendance.present.get(st.student_id) ?? 0 : entry?.days_present ?? null;
    const working = attendance ? attendance.working : entry?.working_days ?? null;
    return {
      student_id: st.student_id, fullname: st.fullname, admission_no: st.admission_no, roll_no: st.roll_no,
      dob: d?.dob ? String(d.dob).slice(0, 10) : null, father_name: d?.father_name ?? null,
      subjects: subjectCards,
      co_scholastic: (entry?.co_scholastic ?? {}) as StudentCard['co_scholastic'],
      attendance: present !== null && working !== null ? { present, working } : null,
      remarks: entry?.remarks ?? null, result: entry?.result ?? null, promoted_to: promotedOf.get(st.student_id) ?? null,
    };
  });
  return { school, klass, year: year.name, plan, scale, students };
}

export { className };
