import type { Ctx } from '../../framework/context.js';
import { items } from '../../framework/items.js';
import { schoolDayStart, schoolToday } from '../../framework/periods.js';
import { ACCESS_MODULE, STATUS } from './reach.js';

export interface DemoVirtualClassesInput {
  classIds: Record<string, number>;
  year: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * Live classes for 5 A (the demo parent's son's class) and 10 A, taught by their class
 * teachers: yesterday's, ended, with a question and its answer; today's and tomorrow's still to
 * start. Every student of the two classes is on the access list.
 */
export async function seedDemoVirtualClasses(ctx: Ctx, input: DemoVirtualClassesInput): Promise<void> {
  const now = Date.now();
  const today = schoolDayStart(schoolToday(new Date(now))).getTime();
  const at = (days: number, hours: number) => new Date(today + days * DAY + hours * HOUR).toISOString();
  for (const cls of ['5A', '10A']) {
    const classId = input.classIds[cls]!;
    const klass = await ctx.db.selectFrom('class').select('class_teacher_id').where('id', '=', classId).executeTakeFirstOrThrow();
    const subjects = await ctx.db.selectFrom('subject').select(['id', 'name']).where('class_id', '=', classId).orderBy('id').execute();
    const subject = (name: string) => subjects.find((s) => s.name === name) ?? subjects[0]!;
    const students = await ctx.db.selectFrom('student').select('id').where('class_id', '=', classId).orderBy('id').execute();
    await items(ctx, 'student-modules').createMany(students.map((s) => ({ student_id: s.id, module_name: ACCESS_MODULE as 'virtual_classroom', module_status: true })));
    const teacher = klass.class_teacher_id!;
    const plan = [
      { name: cls === '5A' ? 'Fractions on a number line' : 'Light: reflection and refraction', subject: cls === '5A' ? 'Mathematics' : 'Science', days: -1, hours: 10.5, ended: true },
      { name: cls === '5A' ? 'Parts of a plant' : 'Quadratic equations', subject: cls === '5A' ? 'Science' : 'Mathematics', days: 0, hours: 11, ended: false },
      { name: cls === '5A' ? 'Story time: The Honest Woodcutter' : 'Letter writing', subject: 'English', days: 1, hours: 10, ended: false },
    ];
    for (const p of plan) {
      const row = await items(ctx, 'virtual-classes').create({
        name: p.name, ac_year_id: input.year, class_id: classId, subject_id: subject(p.subject).id, teacher_id: teacher,
        description: `Live class for ${cls.replace(/(\d+)/, '$1 ')}: keep a notebook ready.`, start_time: at(p.days, p.hours), end_time: at(p.days, p.hours + 0.75), class_type: 'live',
      });
      if (!p.ended) continue;
      await items(ctx, 'virtual-classes').update(row.id, { status: STATUS.ENDED, actual_start_time: at(p.days, p.hours), actual_end_time: at(p.days, p.hours + 0.7) }, { action: 'end' });
      const asker = students[0]!.id;
      const q = await items(ctx, 'vc-questions').create({
        vc_class_id: row.id, student_id: asker, question: 'Could you explain the last example again?', description: 'I did not follow the second step.',
        asked_by: null, timestamp: at(p.days, p.hours + 0.5),
      });
      const t = await ctx.db.selectFrom('teacher').select('user_id').where('id', '=', teacher).executeTakeFirst();
      await items(ctx, 'vc-answers').create({
        question_id: q.id, parent_answer_id: null, answer: 'Of course: in the second step we divide both sides by the same number. See page 42 of the textbook.',
        student_id: null, teacher_id: teacher, user_id: t?.user_id ?? null, timestamp: at(p.days, p.hours + 0.6),
      });
    }
  }
}
