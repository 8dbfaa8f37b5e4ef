import type { Ctx } from '../../framework/context.js';
import { schoolToday } from '../../framework/periods.js';
import { BOOK_ISSUE_STATUS, BOOK_STATUS } from '../../../generated/enums/library.js';
import { STUDENT_STATUS } from '../../../generated/enums/students.js';

/** Title, author, publisher, category: the demo library's shelves, several copies of each. */
const TITLES: Array<[string, string, string, string]> = [
  ['Malgudi Days', 'R. K. Narayan', 'Indian Thought Publications', 'Fiction'],
  ['Swami and Friends', 'R. K. Narayan', 'Indian Thought Publications', 'Fiction'],
  ['The Room on the Roof', 'Ruskin Bond', 'Penguin India', 'Fiction'],
  ['The Blue Umbrella', 'Ruskin Bond', 'Rupa Publications', 'Fiction'],
  ['Wings of Fire', 'A. P. J. Abdul Kalam', 'Universities Press', 'Biography'],
  ['Ignited Minds', 'A. P. J. Abdul Kalam', 'Penguin India', 'Non-fiction'],
  ['The Story of My Experiments with Truth', 'M. K. Gandhi', 'Navajivan', 'Biography'],
  ['Discovery of India', 'Jawaharlal Nehru', 'Penguin India', 'History'],
  ['Panchatantra Tales', 'Vishnu Sharma', 'Amar Chitra Katha', 'Stories'],
  ['Tenali Raman Stories', 'Anant Pai', 'Amar Chitra Katha', 'Stories'],
  ['Concise Oxford Dictionary', 'Oxford', 'Oxford University Press', 'Reference'],
  ['NCERT Mathematics Class 10', 'NCERT', 'NCERT', 'Textbook'],
  ['NCERT Science Class 10', 'NCERT', 'NCERT', 'Textbook'],
  ['NCERT Mathematics Class 5', 'NCERT', 'NCERT', 'Textbook'],
  ['Concepts of Physics', 'H. C. Verma', 'Bharati Bhawan', 'Reference'],
  ['Gitanjali', 'Rabindranath Tagore', 'Macmillan', 'Poetry'],
  ['Godaan', 'Munshi Premchand', 'Rajkamal Prakashan', 'Fiction'],
  ['The Jungle Book', 'Rudyard Kipling', 'Macmillan', 'Fiction'],
  ['Atlas of India', 'Oxford', 'Oxford University Press', 'Reference'],
  ['Grandma\'s Bag of Stories', 'Sudha Murty', 'Puffin', 'Stories'],
];
const BOOKS = 200;

/** The student who borrowed the overdue book, and how late it is. */
const OVERDUE_DAYS = 5;

const day = (offset: number) => new Date(Date.parse(`${schoolToday()}T00:00:00Z`) + offset * 86_400_000).toISOString().slice(0, 10);

/**
 * The demo school's library: 200 books (ten copies of twenty titles, codes LIB-0001 to LIB-0200),
 * eighteen of them out (sixteen to students, two to teachers, one student's five days overdue),
 * and six returned some weeks ago, two of them late with their fine paid. The school keeps the
 * default settings (two books a borrower, ₹1 a late day).
 */
export async function seedDemoLibrary(ctx: Ctx, opts: { librarianUserId: number }): Promise<void> {
  // raw write: the demo school's past, stored as it happened (demo data)
  const books = await ctx.db.insertInto('lib_book').values(Array.from({ length: BOOKS }, (_, i) => {
    const [title, author, publisher, category] = TITLES[i % TITLES.length]!;
    return {
      code: `LIB-${String(i + 1).padStart(4, '0')}`, title, author, publisher, category,
      edition: i % 3 === 0 ? '2nd' : '1st', price: (150 + (i % 20) * 25).toFixed(2), pages: 120 + (i % 20) * 16,
      purchase_date: '2025-06-15', shelf_no: `${'ABCDE'[i % 5]}-${1 + (i % 8)}`, status: BOOK_STATUS.AVAILABLE, timestamp: new Date('2025-06-15T05:00:00Z'),
    };
  })).returning(['id', 'code']).execute();
  const students = await ctx.db.selectFrom('student').select('id').where('status', 'in', [STUDENT_STATUS.YEAR_BREAK, STUDENT_STATUS.ACTIVE]).orderBy('id').limit(24).execute();
  const teachers = await ctx.db.selectFrom('teacher').select('id').orderBy('id').limit(2).execute();
  const by = opts.librarianUserId;

  type Issue = { book_id: number; student_id: number | null; teacher_id: number | null; issue_date: string; last_date: string; return_date: string | null; status: number; fine_amount: string | null };
  const issues: Issue[] = [];
  // Out now: books 1..16 to students (the first one overdue), 17..18 to teachers.
  students.slice(0, 16).forEach((s, i) => issues.push({
    book_id: books[i * 11]!.id, student_id: s.id, teacher_id: null,
    issue_date: i === 0 ? day(-14 - OVERDUE_DAYS) : day(-(i % 10) - 1), last_date: i === 0 ? day(-OVERDUE_DAYS) : day(14 - (i % 10)),
    return_date: null, status: BOOK_ISSUE_STATUS.NOT_YET_RETURNED, fine_amount: null,
  }));
  teachers.forEach((t, i) => issues.push({ book_id: books[190 + i]!.id, teacher_id: t.id, student_id: null, issue_date: day(-3), last_date: day(27), return_date: null, status: BOOK_ISSUE_STATUS.NOT_YET_RETURNED, fine_amount: null }));
  // Returned some weeks ago: four on time, two late with their fine.
  students.slice(16, 22).forEach((s, i) => issues.push({
    book_id: books[i * 11 + 3]!.id, student_id: s.id, teacher_id: null, issue_date: day(-40), last_date: day(-26),
    return_date: i < 2 ? day(-26 + 2 + i) : day(-28), status: BOOK_ISSUE_STATUS.RETURNED, fine_amount: i < 2 ? String(2 + i) : '0',
  }));
  if (!issues.length) return;
  // raw write: the demo school's past, stored as it happened (demo data)
  await ctx.db.insertInto('lib_book_issue').values(issues.map((x) => ({ ...x, issued_by: by, returned_by: x.status === BOOK_ISSUE_STATUS.RETURNED ? by : null }))).execute();
  const out = issues.filter((x) => x.status === BOOK_ISSUE_STATUS.NOT_YET_RETURNED).map((x) => x.book_id);
  // raw write: the demo school's past, stored as it happened (demo data)
  await ctx.db.updateTable('lib_book').set({ status: BOOK_STATUS.ISSUED }).where('id', 'in', out).execute();
}
