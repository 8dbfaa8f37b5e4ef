import schema from '../../schemas/library/book-issue.json' with { type: 'json' };
import issue from '../../schemas/library/calls/issue.json' with { type: 'json' };
import giveBack from '../../schemas/library/calls/return.json' with { type: 'json' };
import borrowersQuery from '../../schemas/library/calls/borrowers-query.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';
import { LIBRARY_STAFF } from './book.js';

const KEEP = 'Library issue records name them: they stay with the library history';

/**
 * Books lent and returned (spec 3 §3 Book issue, §4 Book status). Issuing and returning are the
 * librarian's alone (spec 3 §6, enforced here, not only on the screen); the librarian and the
 * administrators read the histories. A book is out to one borrower at a time: the issue turns
 * the book from available to issued in one conditional update, so of two librarians issuing the
 * same copy at once exactly one succeeds (and a partial unique index, migration 0006, holds the
 * same rule in the database). A borrower never holds more books than the school's
 * lib_max_books_allowed; a return prefills the fine as lib_fine_per_day for each day late.
 */
export default defineResource({
  name: 'book-issues', module: 'library', schema, table: 'lib_book_issue',
  label: 'Book Issues', singular: 'Book Issue', icon: 'ScheduleOutlined',
  api: {},
  relations: {
    code: { from: 'book_id', resource: 'books', field: 'code' },
    title: { from: 'book_id', resource: 'books', field: 'title' },
    student: { from: 'student_id', resource: 'students', field: 'fullname', keep: KEEP },
    teacher: { from: 'teacher_id', resource: 'teachers', field: 'fullname', keep: KEEP },
  },
  indexes: [['book_id', 'status'], ['status', 'last_date']],
  calls: {
    issue: {
      call: 'PUT /library/issue/', permission: 'create', payload: issue, message: 'Book Issued',
      errors: {
        borrower: 'Choose a student or a teacher to issue the book to',
        lastDate: 'The return date cannot be before today',
        noBook: 'Book not found',
        code: 'The book code does not match this book',
        issued: 'This book is already issued',
        noStudent: 'Student not found',
        noTeacher: 'Teacher not found',
        limit: '{name} already has {count} book(s): the school allows at most {max}',
      },
    },
    // The return dialog: the book's open issue, with the days late and the fine they make.
    details: {
      call: 'GET /library/book/issue/details/{id}/', permission: 'read',
      errors: { notIssued: 'This book is not currently issued' },
    },
    return: {
      call: 'POST /library/book/return/{issue_id}/', permission: 'update', payload: giveBack, message: 'Book Returned',
      errors: {
        notIssued: 'This book is not currently issued',
        noIssue: 'Issue not found',
        mismatch: 'This issue is not of that book',
        early: 'The return date cannot be before the issue date ({issue_date})',
        future: 'The return date cannot be after today',
      },
    },
    bookHistory: { call: 'GET /library/book/issue/{book_id}/', permission: 'read' },
    borrowerHistory: {
      call: 'GET /library/issues/{kind}/{id}/', permission: 'read', text: ['kind'],
      errors: { kind: 'Choose student or teacher' },
    },
    // Ours, not the specification's: the issue and history pickers' students and teachers, with the books each holds.
    borrowers: {
      call: 'GET /library/borrowers/{kind}/', permission: 'read', text: ['kind'], query: borrowersQuery,
      errors: { kind: 'Choose student or teacher' },
    },
    // Ours: the librarian's home (spec 4 §2.9): books out, overdue, fines.
    dashboard: { call: 'GET /library/dashboard/', permission: 'read' },
  },
  pages: {
    history: {
      route: '/library/book/history/:id', component: 'BookHistory', permission: 'read',
      calls: ['books.one', 'book-issues.bookHistory'],
    },
    issued: {
      route: '/library/issued/', component: 'IssuedHistory', permission: 'read', menu: 'Issue History',
      calls: ['book-issues.borrowers', 'book-issues.borrowerHistory'],
    },
  },
  access: { read: LIBRARY_STAFF, create: ['librarian'], update: ['librarian'] },
  messages: {},
});
