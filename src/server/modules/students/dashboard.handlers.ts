import { defineHandlers } from '../../framework/calls.js';
import { mayUseModule } from '../../framework/access.js';
import { notFound } from '../../framework/errors.js';
import { schoolDayStart, schoolToday } from '../../framework/periods.js';
import { TO } from '../announcements/audience.js';
import { recentHomework } from '../homework/student.js';
import { studentMessages } from '../messages/messages.handlers.js';

/** How many of each kind the Last 5 view shows; Today shows all of the day's, up to this many. */
const LAST = 5;
const TODAY_LIMIT = 50;

/**
 * The parent and student dashboard (spec 4 §2.8, GET /students/dashboard/{student_id}/?view=):
 * for one child, the announcements meant for them (everyone, all students, or the child's
 * class), the messages about them and their class's homework — set today at the school, or the
 * last five of each. A kind whose module the school has off (or the admin may not read) is null.
 */
export default defineHandlers('students', {
  dashboard: async (ctx, { params, query }) => {
    const view = query.view === 'today' ? 'today' : 'last-5-entries';
    const student = await ctx.db.selectFrom('student as s').leftJoin('class as c', 'c.id', 's.class_id')
      .select(['s.id', 's.fullname', 's.admission_no', 's.class_id', 'c.class', 'c.section'])
      .where('s.id', '=', params.student_id).executeTakeFirst();
    if (!student) throw notFound('Student not found');
    const today = schoolToday();
    const since = view === 'today' ? schoolDayStart(today) : undefined;
    const limit = view === 'today' ? TODAY_LIMIT : LAST;
    const [seesAnnouncements, seesMessages, seesHomework] = await Promise.all(['announcements', 'messages', 'homework'].map((m) => mayUseModule(ctx, m)));

    const announcements = seesAnnouncements ? await ctx.db.selectFrom('announcement as a')
      .leftJoin('class as c', 'c.id', 'a.class_id').leftJoin('user as u', 'u.id', 'a.sent_by')
      .select(['a.id', 'a.title', 'a.content', 'a.to_role', 'a.class_id', 'c.class', 'c.section', 'a.files', 'a.timestamp', 'a.sent_by', 'u.name as sent_by_name'])
      .where((eb) => eb.or([
        eb('a.to_role', 'in', [TO.everyone, TO.students]),
        eb.and([eb('a.to_role', '=', TO.classes), eb('a.class_id', '=', student.class_id)]),
      ]))
      .$if(!!since, (q) => q.where('a.timestamp', '>=', since!))
      .orderBy('a.timestamp', 'desc').orderBy('a.id', 'desc').limit(limit).execute() : null;
    const messages = seesMessages ? await studentMessages(ctx, student.id, { since, limit }) : null;
    const homework = seesHomework ? await recentHomework(ctx.db, student.id, view === 'today' ? today : '1970-01-01', limit) : null;
    return { view, date: today, student, announcements, messages, homework };
  },
});
