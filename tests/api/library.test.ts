/**
 * The library (spec 3 §2 Library, §3 Book / Book issue / Library settings, §4 Book status, §5,
 * §6, §7 Library, §8): books with a photo, the search by code, issuing by the librarian alone
 * within the school's limit, one borrower per copy even when two issue at once, returns with the
 * late fine prefilled, the histories, the settings and the librarian's dashboard figures.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestSchool, PASSWORD, schoolDb, type TestApp, type TestSchool } from '../support/app.js';
import { hashPassword } from '../../src/server/framework/passwords.js';
import { admitStudent } from '../support/admit.js';
import { createRecord } from '../support/samples.js';
import { uploadAs } from '../support/upload.js';
import { schoolToday } from '../../src/server/framework/periods.js';

let t: TestApp;
let s: TestSchool;
let admin: string;
let librarian: string;
/** A second librarian at the other counter. */
let librarian2: string;
let year: number;
let klass: number;

beforeAll(async () => {
  ({ t, s } = await openTestSchool());
  admin = s.tokens['4'];
  librarian = s.tokens['7'];
  year = (await createRecord(t, s, 'acyears', { name: '2026-27' })).id;
  klass = (await createRecord(t, s, 'classes', { class: '6', section: 'A' })).id;
  const email = `librarian2@${s.code.toLowerCase()}.test`;
  await schoolDb(t, s).insertInto('user').values({ name: 'Second Librarian', email, role: 7, password_hash: await hashPassword(PASSWORD) }).execute();
  librarian2 = (await t.call(s.code, 'POST /login/', { email, password: PASSWORD })).body.data.token;
});
afterAll(() => t?.close());

const call = (c: string, body?: unknown, token = librarian) => t.call(s.code, c, body, token);
const admit = (name: string) => admitStudent(t, s, admin, { ac_year_id: year, class_id: klass, fullname: name }, 'LIB');
const dayOffset = (days: number) => new Date(Date.parse(`${schoolToday()}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

let codes = 0;
const bookBody = (extra: Record<string, unknown> = {}) => ({ code: `B-${++codes}`, title: 'Malgudi Days', author: 'R. K. Narayan', publisher: 'Indian Thought', ...extra });
async function addBook(extra: Record<string, unknown> = {}) {
  const res = await call('PUT /library/books/', bookBody(extra));
  expect(res.body.error).toBeNull();
  return res.body.data as { id: number; code: string; status: number };
}
const issueTo = (book: { id: number; code: string }, who: { student_id?: number; teacher_id?: number }, lastDate = dayOffset(14), token = librarian) =>
  call('PUT /library/issue/', { book_id: book.id, book_code: book.code, last_date: lastDate, ...who }, token);
const setLimit = (max: number, fine = 1) => call('POST /settings/library/', { lib_max_books_allowed: max, lib_fine_per_day: fine }, admin);

const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const png = (size: number) => Buffer.concat([PNG, Buffer.alloc(size - PNG.length, 7)]);

describe('books', () => {
  it('adds a book as available, updates it, and refuses a status written by hand', async () => {
    const res = await call('PUT /library/books/', bookBody({ code: '  LIB-0001 ', isbn_13: '9780143039655', price: 250.5, pages: 256, shelf_no: 'A-3' }));
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, message: 'New Book Added', data: { code: 'LIB-0001', status: 2, price: 250.5, shelf_no: 'A-3' } });
    expect(res.body.data.timestamp).toBeTruthy();
    const id = res.body.data.id;
    const upd = await call(`POST /library/book/${id}/`, { title: 'Swami and Friends' });
    expect(upd.body).toMatchObject({ success: true, message: 'Book Updated', data: { title: 'Swami and Friends', status: 2 } });
    const forced = await call(`POST /library/book/${id}/`, { status: 1 });
    expect(forced.status).toBe(400);
    expect((await call(`GET /library/book/${id}/`)).body.data.status).toBe(2);
    expect((await call('PUT /library/books/', bookBody({ code: 'LIB-0001' }))).body.error).toBe('A book with this code already exists');
  });

  it("gives the spec's messages for a missing code, title, author or publisher", async () => {
    for (const [field, message] of [['code', 'Code is required!'], ['title', 'Book title is required!'], ['author', 'Book author is required!'], ['publisher', 'Book publisher is required!']] as const) {
      for (const value of [undefined, '', '   ']) {
        const res = await call('PUT /library/books/', { ...bookBody(), [field]: value });
        expect(res.status, `${field} ${JSON.stringify(value)}`).toBe(400);
        expect(res.body.error).toBe(message);
      }
    }
  });

  it('keeps a JPG or PNG photo under 200 kB, checked by its bytes, and only as this school\'s upload', async () => {
    const ok = await uploadAs(t, s, librarian, 'library', 'cover.png', png(3000));
    expect(ok.status).toBe(200);
    const fake = await uploadAs(t, s, librarian, 'library', 'cover.png', Buffer.from('not really a picture'));
    expect(fake).toMatchObject({ status: 400, body: { error: 'You can only upload JPG/PNG file!' } });
    expect((await uploadAs(t, s, librarian, 'library', 'cover.gif', Buffer.from('GIF89a...'))).body.error).toBe('You can only upload JPG/PNG file!');
    const big = await uploadAs(t, s, librarian, 'library', 'cover.png', png(200 * 1024));
    expect(big).toMatchObject({ status: 400, body: { error: 'Image must smaller than 200kB!' } });
    expect((await uploadAs(t, s, s.tokens['2'], 'library', 'cover.png', png(3000))).status).toBe(403);

    const book = await call('PUT /library/books/', bookBody({ image: { path: ok.body.data.path, name: 'whatever.png', uid: 'x', url: 'https://evil.example/x.png' } }));
    expect(book.status).toBe(200);
    expect(book.body.data.image).toMatchObject({ path: ok.body.data.path, url: ok.body.data.path, name: 'cover.png' });
    expect(book.body.data.image.uid).toHaveLength(32);
    const stranger = await call('PUT /library/books/', bookBody({ image: { path: `/api/${s.code}/files/${'A'.repeat(32)}/x.png` } }));
    expect(stranger).toMatchObject({ status: 400, body: { error: 'The photo was not uploaded here: upload it again' } });
    const cleared = await call(`POST /library/book/${book.body.data.id}/`, { image: null });
    expect(cleared.body.data.image).toBeNull();
  });

  it("finds a book by its code, and says 'Book Code is required!' without one", async () => {
    const book = await addBook({ code: 'QX-77' });
    const found = await call('GET /library/book/search/QX-77/');
    expect(found.body.data).toEqual([expect.objectContaining({ id: book.id, code: 'QX-77', status: 2 })]);
    expect((await call('GET /library/book/search/NOPE-1/')).body.data).toEqual([]);
    const blank = await call('GET /library/book/search/%20/');
    expect(blank).toMatchObject({ status: 400, body: { error: 'Book Code is required!' } });
    expect((await call('GET /library/book/search/QX-77/', undefined, s.tokens['1'])).status).toBe(403);
  });
});

describe('library settings', () => {
  it('starts at two books and ₹1 a day, is saved by an admin, and only by an admin', async () => {
    expect((await call('GET /settings/library/')).body.data).toEqual({ lib_max_books_allowed: 2, lib_fine_per_day: 1 });
    const saved = await setLimit(3, 2.5);
    expect(saved.body).toMatchObject({ success: true, message: 'Library settings updated', data: { lib_max_books_allowed: 3, lib_fine_per_day: 2.5 } });
    expect((await call('GET /settings/library/', undefined, admin)).body.data).toEqual({ lib_max_books_allowed: 3, lib_fine_per_day: 2.5 });
    expect((await call('POST /settings/library/', { lib_max_books_allowed: 5, lib_fine_per_day: 1 })).status).toBe(403);
    expect((await call('POST /settings/library/', { lib_max_books_allowed: 0, lib_fine_per_day: 1 }, admin)).body.error).toBe('Max books allowed must be at least 1');
    expect((await call('POST /settings/library/', { lib_max_books_allowed: 2, lib_fine_per_day: 1.005 }, admin)).status).toBe(400);
    await setLimit(2, 1);
  });
});

describe('issue and return', () => {
  it('issues only by the librarian, on the server too, and needs a return date', async () => {
    const book = await addBook();
    const st = await admit('Kiran Rao');
    for (const token of [admin, s.tokens['3'], s.tokens['2'], s.tokens['1']]) expect((await issueTo(book, { student_id: st.id }, dayOffset(7), token)).status).toBe(403);
    const missing = await call('PUT /library/issue/', { book_id: book.id, student_id: st.id });
    expect(missing).toMatchObject({ status: 400, body: { error: 'Return date is required!' } });
    expect((await call('PUT /library/issue/', { book_id: book.id, student_id: st.id, last_date: '' })).body.error).toBe('Return date is required!');
    expect((await issueTo(book, { student_id: st.id }, dayOffset(-1))).body.error).toBe('The return date cannot be before today');
    expect((await issueTo(book, {})).body.error).toBe('Choose a student or a teacher to issue the book to');
    expect((await issueTo(book, { student_id: st.id, teacher_id: 1 })).body.error).toBe('Choose a student or a teacher to issue the book to');
    expect((await issueTo({ ...book, code: 'OTHER' }, { student_id: st.id })).body.error).toBe('The book code does not match this book');
    expect((await issueTo(book, { student_id: 999999 })).status).toBe(404);
    expect((await call(`GET /library/book/${book.id}/`)).body.data.status).toBe(2);

    const ok = await issueTo(book, { student_id: st.id }, dayOffset(7));
    expect(ok.body).toMatchObject({ success: true, message: 'Book Issued', data: { book_id: book.id, code: book.code, student_id: st.id, student: 'Kiran Rao', teacher_id: null, issue_date: schoolToday(), last_date: dayOffset(7), status: 1, return_date: null } });
    expect((await call(`GET /library/book/${book.id}/`)).body.data.status).toBe(1);
    const again = await issueTo(book, { student_id: (await admit('Someone Else')).id });
    expect(again).toMatchObject({ status: 409, body: { error: 'This book is already issued' } });
  });

  it("never lends a borrower more than the school's lib_max_books_allowed", async () => {
    await setLimit(2);
    const st = await admit('Neha Joshi');
    const [a, b, c] = [await addBook(), await addBook(), await addBook()];
    expect((await issueTo(a, { student_id: st.id })).status).toBe(200);
    expect((await issueTo(b, { student_id: st.id })).status).toBe(200);
    const third = await issueTo(c, { student_id: st.id });
    expect(third).toMatchObject({ status: 409, body: { error: 'Neha Joshi already has 2 book(s): the school allows at most 2' } });
    // Nothing half written: the third book is still on the shelf with no issue.
    expect((await call(`GET /library/book/${c.id}/`)).body.data.status).toBe(2);
    expect((await call(`GET /library/book/issue/${c.id}/`)).body.data).toEqual([]);
    // A raised limit lets the third go; a return frees a place as well.
    await setLimit(3);
    expect((await issueTo(c, { student_id: st.id })).status).toBe(200);
    await setLimit(2);
  });

  it('lends to a teacher, and counts the teacher\'s books apart from any student\'s', async () => {
    const teacher = await createRecord(t, s, 'teachers', { fullname: 'Sunita Pillai' });
    const book = await addBook();
    const res = await issueTo(book, { teacher_id: teacher.id });
    expect(res.body.data).toMatchObject({ teacher_id: teacher.id, teacher: 'Sunita Pillai', student_id: null });
    const list = await call('GET /library/borrowers/teacher/?q=sunita');
    expect(list.body.data).toEqual([expect.objectContaining({ id: teacher.id, name: 'Sunita Pillai', books_out: 1 })]);
    const history = await call(`GET /library/issues/teacher/${teacher.id}/`);
    expect(history.body.data.map((r: any) => r.book_id)).toEqual([book.id]);
    expect((await call(`GET /library/issues/parent/${teacher.id}/`)).body.error).toBe('Choose student or teacher');
  });

  it('of two librarians issuing the same copy at once, exactly one succeeds', async () => {
    await setLimit(5);
    const book = await addBook();
    const students = await Promise.all(['Asha', 'Bala', 'Chitra', 'Dev', 'Esha'].map((n) => admit(`${n} Concurrent`)));
    const results = await Promise.all(students.map((st, i) => issueTo(book, { student_id: st.id }, dayOffset(7), i % 2 ? librarian2 : librarian)));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 409).map((r) => r.body.error)).toEqual(Array(4).fill('This book is already issued'));
    const open = await schoolDb(t, s).selectFrom('lib_book_issue').select('id').where('book_id', '=', book.id).where('status', '=', 1).execute();
    expect(open).toHaveLength(1);
    // The database holds the rule too: a second open issue of the book cannot be written.
    await expect(schoolDb(t, s).insertInto('lib_book_issue').values({ book_id: book.id, student_id: students[0]!.id, issue_date: schoolToday(), last_date: dayOffset(3), status: 1 }).execute()).rejects.toThrow();
    await setLimit(2);
  });

  it('prefills the fine from the days late and the fine per day, returns the book, and refuses a second return', async () => {
    await setLimit(2, 2.5);
    const book = await addBook();
    const st = await admit('Farah Khan');
    const issued = (await issueTo(book, { student_id: st.id }, dayOffset(7))).body.data;
    // On time: nothing late, no fine.
    expect((await call(`GET /library/book/issue/details/${book.id}/`)).body.data).toMatchObject({ id: issued.id, days_late: 0, fine_amount: 0, fine_per_day: 2.5 });
    // The last date passes: three days late.
    await schoolDb(t, s).updateTable('lib_book_issue').set({ issue_date: dayOffset(-20), last_date: dayOffset(-3) }).where('id', '=', issued.id).execute();
    const details = await call(`GET /library/book/issue/details/${book.id}/`);
    expect(details.body.data).toMatchObject({ id: issued.id, book_id: book.id, student: 'Farah Khan', days_late: 3, fine_amount: 7.5 });

    for (const token of [admin, s.tokens['3'], s.tokens['2']]) expect((await call(`POST /library/book/return/${issued.id}/`, { fine_amount: 7.5 }, token)).status).toBe(403);
    expect((await call(`POST /library/book/return/${issued.id}/`, { id: issued.id, book_id: book.id + 1000, fine_amount: 7.5 })).body.error).toBe('This issue is not of that book');
    expect((await call(`POST /library/book/return/${issued.id}/`, { fine_amount: 7.5, return_date: dayOffset(1) })).body.error).toBe('The return date cannot be after today');
    expect((await call(`POST /library/book/return/${issued.id}/`, { fine_amount: -1 })).body.error).toBe('Fine cannot be negative');

    const back = await call(`POST /library/book/return/${issued.id}/`, { id: issued.id, book_id: book.id, fine_amount: 7.5, return_date: schoolToday() });
    expect(back.body).toMatchObject({ success: true, message: 'Book Returned', data: { id: issued.id, status: 2, return_date: schoolToday(), fine_amount: 7.5 } });
    expect((await call(`GET /library/book/${book.id}/`)).body.data.status).toBe(2);

    const twice = await call(`POST /library/book/return/${issued.id}/`, { fine_amount: 0 });
    expect(twice).toMatchObject({ status: 409, body: { error: 'This book is not currently issued' } });
    expect(await call(`GET /library/book/issue/details/${book.id}/`)).toMatchObject({ status: 404, body: { error: 'This book is not currently issued' } });
    expect((await call('POST /library/book/return/999999/', { fine_amount: 0 })).status).toBe(404);
    await setLimit(2, 1);
  });

  it("lists a book's issue history and a student's, newest first", async () => {
    const book = await addBook();
    const [first, second] = [await admit('Gita One'), await admit('Hari Two')];
    const a = (await issueTo(book, { student_id: first.id })).body.data;
    await call(`POST /library/book/return/${a.id}/`, { fine_amount: 0 });
    const b = (await issueTo(book, { student_id: second.id })).body.data;
    await schoolDb(t, s).updateTable('lib_book_issue').set({ issue_date: dayOffset(-1) }).where('id', '=', a.id).execute();
    const history = await call(`GET /library/book/issue/${book.id}/`, undefined, admin);
    expect(history.body.data.map((r: any) => [r.id, r.student, r.status])).toEqual([[b.id, 'Hari Two', 1], [a.id, 'Gita One', 2]]);
    const mine = await call(`GET /library/issues/student/${first.id}/`, undefined, admin);
    expect(mine.body.data).toEqual([expect.objectContaining({ id: a.id, book_id: book.id, code: book.code, title: 'Malgudi Days', status: 2, fine_amount: 0 })]);
    const found = await call('GET /library/borrowers/student/?q=gita one');
    expect(found.body.data).toEqual([expect.objectContaining({ id: first.id, name: 'Gita One', books_out: 0 })]);
    expect((await call(`GET /library/book/issue/${book.id}/`, undefined, s.tokens['2'])).status).toBe(403);
  });
});

describe("the librarian's dashboard", () => {
  it('counts books out and overdue with the fine running, and the fines taken', async () => {
    await setLimit(5, 2);
    const before = (await call('GET /library/dashboard/')).body.data;
    const st = await admit('Isha Late');
    const [a, b] = [await addBook(), await addBook()];
    const late = (await issueTo(a, { student_id: st.id })).body.data;
    await issueTo(b, { student_id: st.id });
    await schoolDb(t, s).updateTable('lib_book_issue').set({ issue_date: dayOffset(-30), last_date: dayOffset(-4) }).where('id', '=', late.id).execute();
    const d = (await call('GET /library/dashboard/')).body.data;
    expect(d.books.total).toBe(before.books.total + 2);
    expect(d.books.out).toBe(before.books.out + 2);
    expect(d.overdue.count).toBe(before.overdue.count + 1);
    expect(d.overdue.list).toContainEqual(expect.objectContaining({ id: late.id, student: 'Isha Late', days_late: 4, fine_due: 8 }));
    await call(`POST /library/book/return/${late.id}/`, { fine_amount: 8 });
    const after = (await call('GET /library/dashboard/')).body.data;
    expect(after.fines.collected).toBeCloseTo(before.fines.collected + 8, 2);
    expect(after.fines.this_month).toBeCloseTo(before.fines.this_month + 8, 2);
    expect(after.overdue.count).toBe(before.overdue.count);
    expect((await call('GET /library/dashboard/', undefined, s.tokens['2'])).status).toBe(403);
    await setLimit(2, 1);
  });
});
