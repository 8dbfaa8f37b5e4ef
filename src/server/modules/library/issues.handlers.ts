/**
 * Lending books (spec 3 §4 Book status, §7 Library): issue, the return dialog's details, the
 * return, the histories, the borrower pickers and the librarian's dashboard figures.
 *
 * A book is out to one borrower at a time. The issue turns the book from available (2) to issued
 * (1) with one conditional update inside the transaction: of two librarians issuing the same copy
 * at once, the second finds no available row and is refused, whichever database runs it. The
 * borrower's row is locked while their books are counted, so two issues to one person cannot
 * both slip under the school's lib_max_books_allowed.
 */
import { sql } from 'kysely';
import type { BookIssuesIssuePayload, BookIssuesReturnPayload } from '../../../generated/call-inputs.js';
import { daysLate, lateFine } from '../../../shared/library.js';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { SCHOOL_TODAY_SQL, schoolToday } from '../../framework/periods.js';
import { moneyColumn } from '../../framework/query.js';
import { inTransaction } from '../../framework/service.js';
import { items } from '../../framework/items.js';
import { librarySettings } from './settings.js';
import { BOOK_ISSUE_STATUS, BOOK_STATUS } from '../../../generated/enums/library.js';

type Kind = 'student' | 'teacher';
const KINDS: Kind[] = ['student', 'teacher'];
const kindOf = (ctx: CallCtx, kind: string): Kind => {
  if (!KINDS.includes(kind as Kind)) throw ctx.fail('kind');
  return kind as Kind;
};

/** Issue rows as the histories show them (spec 3 §3 Book issue). */
function issues(ctx: CallCtx) {
  return ctx.db.selectFrom('lib_book_issue as i')
    .innerJoin('lib_book as b', 'b.id', 'i.book_id')
    .leftJoin('student as s', 's.id', 'i.student_id')
    .leftJoin('teacher as t', 't.id', 'i.teacher_id')
    .select(['i.id', 'i.book_id', 'b.code', 'b.title', 'i.student_id', 's.fullname as student', 'i.teacher_id', 't.fullname as teacher',
      'i.issue_date', 'i.last_date', 'i.return_date', 'i.status', moneyColumn('i.fine_amount')])
    .orderBy('i.issue_date', 'desc').orderBy('i.id', 'desc');
}

/** Open issues of one borrower. */
const openOf = (ctx: CallCtx, kind: Kind, id: number) => ctx.db.selectFrom('lib_book_issue')
  .select((eb) => eb.fn.countAll<string>().as('n')).where('status', '=', BOOK_ISSUE_STATUS.NOT_YET_RETURNED).where(kind === 'student' ? 'student_id' : 'teacher_id', '=', id);

async function issue(ctx: CallCtx, body: BookIssuesIssuePayload) {
  const hasStudent = body.student_id != null;
  if (hasStudent === (body.teacher_id != null)) throw ctx.fail('borrower');
  const today = schoolToday();
  if (body.last_date < today) throw ctx.fail('lastDate');
  const kind: Kind = hasStudent ? 'student' : 'teacher';
  const borrowerId = (hasStudent ? body.student_id : body.teacher_id)!;
  return inTransaction(ctx, async (tx) => {
    const book = await tx.db.selectFrom('lib_book').select(['id', 'code', 'title']).where('id', '=', body.book_id).executeTakeFirst();
    if (!book) throw ctx.fail('noBook', 404);
    if (body.book_code != null && body.book_code.trim() !== '' && body.book_code.trim() !== book.code) throw ctx.fail('code');
    // The borrower, locked: their count below holds until this issue commits.
    const person = await tx.db.selectFrom(kind === 'student' ? 'student' : 'teacher').select(['id', 'fullname'])
      .where('id', '=', borrowerId).forUpdate().executeTakeFirst();
    if (!person) throw ctx.fail(kind === 'student' ? 'noStudent' : 'noTeacher', 404);
    // Available (2) to issued (1), only if still available: the one rule that keeps a copy with one borrower.
    const [taken] = await items(tx, 'books').updateWhere({ id: book.id, status: BOOK_STATUS.AVAILABLE }, { status: BOOK_STATUS.ISSUED }, { action: 'issue' });
    if (!taken) throw ctx.fail('issued', 409);
    const { lib_max_books_allowed: max } = await librarySettings(tx.db);
    const count = Number((await openOf(tx, kind, person.id).executeTakeFirstOrThrow()).n);
    if (count >= max) throw ctx.fail('limit', 409, { name: person.fullname, count, max });
    const row = await items(tx, 'book-issues').create({
      book_id: book.id, student_id: hasStudent ? person.id : null, teacher_id: hasStudent ? null : person.id,
      issue_date: today, last_date: body.last_date, status: BOOK_ISSUE_STATUS.NOT_YET_RETURNED, issued_by: tx.user.id,
    }, { action: 'issue' });
    return issues(tx).where('i.id', '=', row.id).executeTakeFirstOrThrow();
  });
}

/** The book's open issue with how late it is today and the fine that makes (the return dialog's prefill). */
async function details(ctx: CallCtx, bookId: number) {
  const open = await issues(ctx).where('i.book_id', '=', bookId).where('i.status', '=', BOOK_ISSUE_STATUS.NOT_YET_RETURNED).executeTakeFirst();
  if (!open) throw ctx.fail('notIssued', 404);
  const { lib_fine_per_day: perDay } = await librarySettings(ctx.db);
  const late = daysLate(open.last_date, schoolToday());
  return { ...open, days_late: late, fine_per_day: perDay, fine_amount: lateFine(late, perDay) };
}

async function giveBack(ctx: CallCtx, issueId: number, body: BookIssuesReturnPayload) {
  if (body.id != null && body.id !== issueId) throw ctx.fail('mismatch');
  const today = schoolToday();
  const returnDate = body.return_date ?? today;
  if (returnDate > today) throw ctx.fail('future');
  return inTransaction(ctx, async (tx) => {
    const found = await tx.db.selectFrom('lib_book_issue').select(['id', 'book_id', 'issue_date', 'status']).where('id', '=', issueId).forUpdate().executeTakeFirst();
    if (!found) throw ctx.fail('noIssue', 404);
    if (body.book_id != null && body.book_id !== found.book_id) throw ctx.fail('mismatch');
    if (found.status !== BOOK_ISSUE_STATUS.NOT_YET_RETURNED) throw ctx.fail('notIssued', 409);
    if (returnDate < found.issue_date) throw ctx.fail('early', 400, { issue_date: found.issue_date });
    // Closed only if still open: a second return of the same issue finds nothing to close.
    const [closed] = await items(tx, 'book-issues').updateWhere({ id: issueId, status: BOOK_ISSUE_STATUS.NOT_YET_RETURNED },
      { status: BOOK_ISSUE_STATUS.RETURNED, return_date: returnDate, fine_amount: body.fine_amount, returned_by: tx.user.id }, { action: 'return' });
    if (!closed) throw ctx.fail('notIssued', 409);
    await items(tx, 'books').update(closed.book_id, { status: BOOK_STATUS.AVAILABLE }, { action: 'return' });
    return issues(tx).where('i.id', '=', issueId).executeTakeFirstOrThrow();
  });
}

/** Students or teachers matching the search, each with the books they hold now. */
async function borrowers(ctx: CallCtx, kind: Kind, q: string) {
  const like = `%${q.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  if (kind === 'student') {
    let qb = ctx.db.selectFrom('student as p').leftJoin('class as c', 'c.id', 'p.class_id')
      .select(['p.id', 'p.fullname as name', 'p.admission_no', 'c.class', 'c.section', (eb) => eb.selectFrom('lib_book_issue as o').select(eb.fn.countAll<string>().as('n'))
        .where('o.status', '=', BOOK_ISSUE_STATUS.NOT_YET_RETURNED).whereRef('o.student_id', '=', 'p.id').as('books_out')])
      .where((eb) => eb.or([eb('p.status', 'is', null), eb('p.status', 'in', [0, 1])]));
    if (q) qb = qb.where((eb) => eb.or([eb('p.fullname', 'ilike', like), eb('p.admission_no', 'ilike', like)]));
    const rows = await qb.orderBy('p.fullname').orderBy('p.id').limit(20).execute();
    return rows.map((r) => ({ id: r.id, name: r.name, detail: [r.class && `${r.class} - ${r.section}`, r.admission_no].filter(Boolean).join(' · '), books_out: Number(r.books_out) }));
  }
  let qb = ctx.db.selectFrom('teacher as p').select(['p.id', 'p.fullname as name', 'p.employee_id', 'p.mobile', (eb) => eb.selectFrom('lib_book_issue as o').select(eb.fn.countAll<string>().as('n'))
    .where('o.status', '=', BOOK_ISSUE_STATUS.NOT_YET_RETURNED).whereRef('o.teacher_id', '=', 'p.id').as('books_out')]);
  if (q) qb = qb.where((eb) => eb.or([eb('p.fullname', 'ilike', like), eb('p.employee_id', 'ilike', like)]));
  const rows = await qb.orderBy('p.fullname').orderBy('p.id').limit(20).execute();
  return rows.map((r) => ({ id: r.id, name: r.name, detail: r.employee_id ?? r.mobile, books_out: Number(r.books_out) }));
}

/** The librarian's home: books on the shelf and out, what is overdue with the fine it has run up, and fines taken. */
async function dashboard(ctx: CallCtx) {
  const { lib_fine_per_day: perDay, lib_max_books_allowed: max } = await librarySettings(ctx.db);
  const books = await ctx.db.selectFrom('lib_book').select([
    (eb) => eb.fn.countAll<string>().as('total'),
    sql<string>`count(*) filter (where status = ${sql.lit(BOOK_ISSUE_STATUS.NOT_YET_RETURNED)})`.as('out'),
  ]).executeTakeFirstOrThrow();
  const fines = await ctx.db.selectFrom('lib_book_issue').where('status', '=', BOOK_ISSUE_STATUS.RETURNED).select([
    sql<string>`coalesce(sum(fine_amount), 0)`.as('total'),
    sql<string>`coalesce(sum(fine_amount) filter (where return_date >= date_trunc('month', ${SCHOOL_TODAY_SQL})::date), 0)`.as('month'),
  ]).executeTakeFirstOrThrow();
  const overdueRows = await issues(ctx).where('i.status', '=', BOOK_ISSUE_STATUS.NOT_YET_RETURNED).where('i.last_date', '<', SCHOOL_TODAY_SQL)
    .clearOrderBy().orderBy('i.last_date').orderBy('i.id').execute();
  const today = schoolToday();
  const overdue = overdueRows.map((r) => {
    const late = daysLate(r.last_date, today);
    return { ...r, days_late: late, fine_due: lateFine(late, perDay) };
  });
  const paise = (v: string) => Math.round(Number(v) * 100) / 100;
  return {
    books: { total: Number(books.total), out: Number(books.out), available: Number(books.total) - Number(books.out) },
    overdue: { count: overdue.length, fine_due: lateFine(overdue.reduce((n, r) => n + r.days_late, 0), perDay), list: overdue.slice(0, 10) },
    fines: { collected: paise(fines.total), this_month: paise(fines.month) },
    settings: { lib_max_books_allowed: max, lib_fine_per_day: perDay },
  };
}




export default defineHandlers('book-issues', {
  issue: (ctx, { body }) => issue(ctx, body),
  details: (ctx, { params }) => details(ctx, params.id),
  return: (ctx, { params, body }) => giveBack(ctx, params.issue_id, body),
  bookHistory: async (ctx, { params }) => issues(ctx).where('i.book_id', '=', params.book_id).execute(),
  async borrowerHistory(ctx, { params }) {
    const kind = kindOf(ctx, params.kind);
    return issues(ctx).where(kind === 'student' ? 'i.student_id' : 'i.teacher_id', '=', params.id).execute();
  },
  borrowers: (ctx, { params, query }) => borrowers(ctx, kindOf(ctx, params.kind), (query.q ?? '').trim()),
  dashboard: (ctx) => dashboard(ctx),
});
