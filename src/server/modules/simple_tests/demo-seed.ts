import type { Ctx } from '../../framework/context.js';
import { saveFile } from '../../framework/files.js';
import { schoolDayStart, schoolToday } from '../../framework/periods.js';
import { letterheadPdf, WIDTH, MARGIN } from '../../platform/letterhead-pdf.js';
import { schoolHeader } from '../../platform/school-header.js';
import { png } from '../../platform/png.js';
import { SOLUTION_STATUS as STATUS } from '../../../generated/enums/simple_tests.js';

export interface DemoSimpleTestsInput {
  classIds: Record<string, number>;
  year: number;
  /** The demo parent, whose son in 5 A has written two of the tests. */
  parentUserId: number;
}

const DAY = 86_400_000;

/** A ruled notebook page with a few lines of "handwriting": the photo of an answer sheet. */
const answerPhoto = () => png(240, 320, (x, y) => {
  const ink = y % 24 > 8 && y % 24 < 14 && x > 20 && x < 200 + ((y * 7) % 30) && (x + y) % 9 < 5 && y < 260;
  return ink ? [30, 40, 120] : y % 24 === 0 ? [200, 215, 235] : [255, 255, 250];
});

/** The question paper on the school's letterhead. */
async function paper(ctx: Ctx, title: string, questions: string[]) {
  const pdf = letterheadPdf(await schoolHeader(ctx), { title, heading: title, headingSize: 14 });
  pdf.doc.font('Helvetica').fontSize(12);
  let y = pdf.y + 48;
  questions.forEach((q, i) => {
    pdf.doc.text(`${i + 1}. ${q}`, MARGIN, y, { width: WIDTH });
    y = pdf.doc.y + 14;
  });
  const bytes = await pdf.finish();
  const name = `${title.replace(/[^A-Za-z0-9]+/g, '-')}.pdf`;
  const { path, key } = await saveFile(ctx, { name, contentType: 'application/pdf', bytes, kind: 'simple-test-files' });
  return { name, size: bytes.length, type: 'application/pdf', path, url: path, uid: key };
}

/**
 * Simple tests for 5 A and 10 A set by their class teachers: today's, open to start all day,
 * and two from the last days that the demo parent's son (5 A) wrote, one replied with marks and
 * remarks, one awaiting reply.
 */
export async function seedDemoSimpleTests(ctx: Ctx, input: DemoSimpleTestsInput): Promise<void> {
  const now = Date.now();
  const classTeacher = async (cls: string) => (await ctx.db.selectFrom('class').select('class_teacher_id').where('id', '=', input.classIds[cls]!).executeTakeFirstOrThrow()).class_teacher_id!;
  const subjectOf = async (cls: string, name: string) =>
    (await ctx.db.selectFrom('subject').select('id').where('class_id', '=', input.classIds[cls]!).where('name', '=', name).executeTakeFirstOrThrow()).id;
  const son = (await ctx.db.selectFrom('student').select('id').where('user_id', '=', input.parentUserId)
    .where('class_id', '=', input.classIds['5A']!).executeTakeFirstOrThrow()).id;
  // Today's tests open at the start of the school day, so the demo can take them at any hour of it.
  const dayStart = (daysAgo: number) => new Date(schoolDayStart(schoolToday(new Date(now - daysAgo * DAY))).getTime() + 9 * 3600_000).toISOString();
  const today = schoolDayStart(schoolToday(new Date(now))).toISOString();
  const plan = [
    { cls: '5A', subject: 'Mathematics', name: 'Weekly Test: Fractions', start: today, days: 0, max: 20, pass: 8, duration: 30,
      questions: ['Add 3/4 and 1/8.', 'Which is bigger: 5/6 or 7/9? Show how you know.', 'Ravi ate 2/5 of a pizza. How much is left?', 'Write three fractions equal to 1/2.'] },
    { cls: '5A', subject: 'Science', name: 'Unit Test: Plants', start: dayStart(3), days: 3, max: 20, pass: 8, duration: 40,
      questions: ['Draw a plant and label its parts.', 'Why are leaves green?', 'Name two plants that grow in water.'] },
    { cls: '5A', subject: 'English', name: 'Grammar Check', start: dayStart(1), days: 1, max: 10, pass: 4, duration: 20,
      questions: ['Underline the nouns: The dog ran to the park.', 'Write the past tense of go, eat and sing.'] },
    { cls: '10A', subject: 'Science', name: 'Chemical Reactions: Short Test', start: today, days: 0, max: 25, pass: 10, duration: 45,
      questions: ['Balance: Fe + H2O -> Fe3O4 + H2', 'What is a displacement reaction? Give an example.', 'Why is respiration an exothermic reaction?'] },
  ] as const;
  const ids: Record<string, { id: number; start: string; duration: number }> = {};
  for (const p of plan) {
    const evaluator = await classTeacher(p.cls);
    // raw write: the demo school's past, stored as it happened (demo data)
    const row = await ctx.db.insertInto('simple_test').values({
      test_name: p.name, ac_year_id: input.year, class_id: input.classIds[p.cls]!, subject_id: await subjectOf(p.cls, p.subject), evaluator,
      description: 'Write your answers on paper, then photograph each page and upload the photos.',
      files: JSON.stringify([await paper(ctx, p.name, [...p.questions])]), max_marks: p.max, pass_marks: p.pass, duration: p.duration,
      start_time: p.start, created_by: ctx.user.id, timestamp: new Date(now - (p.days + 1) * DAY).toISOString(),
    }).returning('id').executeTakeFirstOrThrow();
    ids[p.name] = { id: row.id, start: p.start, duration: p.duration };
  }
  const photo = async (name: string) => {
    const bytes = answerPhoto();
    const { path, key } = await saveFile(ctx, { name, contentType: 'image/png', bytes, kind: 'simple-test-solutions' });
    return { name, size: bytes.length, type: 'image/png', path, url: path, uid: key };
  };
  const teacher5A = await classTeacher('5A');
  const at = (t: { start: string }, minutes: number) => new Date(new Date(t.start).getTime() + minutes * 60_000).toISOString();
  const plants = ids['Unit Test: Plants']!;
  const grammar = ids['Grammar Check']!;
  // raw write: the demo school's past, stored as it happened (demo data)
  await ctx.db.insertInto('simple_test_solution').values([
    {
      test_id: plants.id, student_id: son, status: STATUS.REPLIED, start_time: at(plants, 5), end_time: at(plants, 47),
      student_files: JSON.stringify([await photo('aarav-plants-1.png'), await photo('aarav-plants-2.png')]), student_remarks: 'Two pages.',
      submitted_by: input.parentUserId, marks_obtained: 17.5, teacher_remarks: 'Very good drawing. Q3: lotus and water hyacinth are right; hydrilla too.',
      teacher_files: '[]', teacher_id: teacher5A, replied_at: new Date(now - 2 * DAY).toISOString(),
    },
    {
      test_id: grammar.id, student_id: son, status: STATUS.AWAITING_REPLY, start_time: at(grammar, 10), end_time: at(grammar, 28),
      student_files: JSON.stringify([await photo('aarav-grammar.png')]), student_remarks: null, submitted_by: input.parentUserId,
      marks_obtained: null, teacher_remarks: null, teacher_files: '[]', teacher_id: null, replied_at: null,
    },
  ]).execute();
}
