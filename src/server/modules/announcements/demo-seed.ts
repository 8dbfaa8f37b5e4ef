import type { Ctx } from '../../framework/context.js';
import { notifyAudience, TO } from './audience.js';
import { putSetting } from '../../platform/settings.js';
import { sanitizeRichText } from '../../../shared/richText.js';

export interface DemoAnnouncementsInput {
  classIds: Record<string, number>;
  /** Who made them: the office, and the class teacher of 5 A. */
  adminUserId: number;
  teacherUserId: number;
}

const DAY = 86_400_000;

/**
 * A few announcements of the last fortnight, one for each audience — among them one for 5 A,
 * where the demo parent's son is, and one for 10 B, where neither child is — with the header
 * notifications each makes, and the web announcement parents see on their dashboard.
 */
export async function seedDemoAnnouncements(ctx: Ctx, input: DemoAnnouncementsInput): Promise<void> {
  const now = Date.now();
  const made: Array<{ days: number; by: number; to: number; classes: string[]; title: string; message: string }> = [
    { days: 12, by: input.adminUserId, to: TO.everyone, classes: [], title: 'Annual Day on 19 December', message: 'Our Annual Day is on Saturday, 19 December, from 5 pm in the school grounds. Families are welcome.' },
    { days: 8, by: input.adminUserId, to: TO.teachers, classes: [], title: 'Staff meeting on Saturday', message: 'All teachers: staff meeting on Saturday at 12:30 pm in the library to plan the half-yearly examinations.' },
    { days: 5, by: input.adminUserId, to: TO.students, classes: [], title: 'Half-yearly examination timetable', message: 'The half-yearly examinations start on 14 September. The timetable is on the notice board and in the app.' },
    { days: 3, by: input.teacherUserId, to: TO.classes, classes: ['5A'], title: 'Science project due Friday', message: 'Class 5 A: the science project on plants is due this Friday. Please bring it in a file.' },
    { days: 2, by: input.adminUserId, to: TO.classes, classes: ['10B'], title: 'Extra mathematics class', message: 'Class 10 B: an extra mathematics class runs on Wednesday from 3:45 pm to 4:45 pm.' },
  ];
  for (const a of made) {
    const classIds = a.classes.map((k) => input.classIds[k]!);
    const base = { title: a.title, content: a.message, to_role: a.to, files: '[]', sent_by: a.by, timestamp: new Date(now - a.days * DAY).toISOString() };
    // raw write: the demo school's past, stored as it happened (demo data)
    await ctx.db.insertInto('announcement').values(classIds.length ? classIds.map((class_id) => ({ ...base, class_id })) : [{ ...base, class_id: null }]).execute();
    await notifyAudience(ctx, { title: a.title, message: a.message, to: a.to, classIds });
  }
  await putSetting(ctx.db, 'web_announcement', {
    data: sanitizeRichText('<h2>Admissions open for 2027-28</h2><p>Applications for <strong>LKG to Class 9</strong> are open until 31 January.</p>'
      + '<ul><li>Forms at the school office, 9 am to 1 pm</li><li>Questions: <a href="mailto:office@demo01.school">office@demo01.school</a></li></ul>'),
  });
}
