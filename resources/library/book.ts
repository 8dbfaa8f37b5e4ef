import schema from '../../schemas/library/book.json' with { type: 'json' };
import settings from '../../schemas/library/calls/settings.json' with { type: 'json' };
import { defineResource, type RoleList } from '../../src/shared/resource.js';

/** Who keeps the catalogue: the librarian and the school's administrators. Lending is the librarian's alone (book-issue.ts). */
export const LIBRARY_STAFF: RoleList = ['librarian', 'admins'];

/** Spec 3 §5, §9: a book's photo is a JPG or PNG under 200 kB. */
export const BOOK_PHOTO = { types: ['jpg', 'jpeg', 'png'], maxBytes: 200 * 1024 - 1, messages: { type: 'You can only upload JPG/PNG file!', size: 'Image must smaller than 200kB!' } };

/**
 * The library's books (spec 3 §2 Library, §3 Book): one row per copy, found by the code on its
 * spine. A book is added available (status 2); only lending it (PUT /library/issue/) makes it
 * issued (1) and only its return makes it available again, so the status is never written by
 * the book form. The list's Issue and Return buttons are row components shown to the librarian
 * alone (spec 3 §6), each only when the book's status allows it.
 */
export default defineResource({
  name: 'books', module: 'library', schema, table: 'lib_book',
  label: 'Books', singular: 'Book', icon: 'BookOutlined',
  routes: { create: '/library/book/new', edit: '/library/book/:id' },
  api: {
    list: 'GET /library/books/', one: 'GET /library/book/{id}/',
    create: 'PUT /library/books/', update: 'POST /library/book/{id}/',
  },
  unique: [{ fields: ['code'], message: 'A book with this code already exists' }],
  searchIndexes: ['title', 'author'],
  indexes: [['status']],
  list: {
    columns: [
      'code', 'title', 'author', 'publisher', 'category', 'shelf_no',
      { field: 'status', render: 'tag' },
    ],
    search: ['code', 'title', 'author'], pageSize: 50, sort: 'code', export: 'csv', addLabel: 'Add Book',
    links: [{ label: 'History', icon: 'ScheduleOutlined', to: '/library/book/history/{id}', requires: { resource: 'book-issues', permission: 'read' } }],
    rowComponents: [
      { component: 'IssueBook', requires: { resource: 'book-issues', permission: 'create' }, call: 'book-issues.issue' },
      { component: 'ReturnBook', requires: { resource: 'book-issues', permission: 'update' }, call: 'book-issues.return' },
    ],
  },
  form: {
    uiSchema: {
      'ui:order': ['code', 'title', 'author', 'publisher', 'isbn_10', 'isbn_13', 'edition', 'category', 'price', 'pages', 'print_date', 'purchase_date', 'shelf_no', 'image'],
      image: { 'ui:field': 'upload-image', 'ui:options': { kind: 'library' } },
    },
  },
  uploads: {
    // POST /upload/?file_path=library (spec 3 §7).
    library: { permission: 'update', ...BOOK_PHOTO, defaultFor: ['librarian'] },
  },
  calls: {
    search: {
      call: 'GET /library/book/search/{code}/', permission: 'read', text: ['code'],
      errors: { code: 'Book Code is required!' },
    },
    // The Settings page's Library tab (spec 3 §3): the borrower's limit and the fine per late day.
    settings: { call: 'GET /settings/library/', permission: 'read' },
    saveSettings: {
      call: 'POST /settings/library/', permission: 'update', roles: ['admins'], payload: settings, message: 'Library settings updated',
    },
  },
  pages: {
    list: {
      route: '/library/books/', component: 'Books', permission: 'read', menu: 'Books',
      calls: ['books.list', 'books.search'],
      buttons: { issue: 'book-issues.issue', details: 'book-issues.details', ret: 'book-issues.return', borrowers: 'book-issues.borrowers' },
    },
  },
  access: { read: LIBRARY_STAFF, create: LIBRARY_STAFF, update: LIBRARY_STAFF },
  messages: { created: 'New Book Added', updated: 'Book Updated' },
});
