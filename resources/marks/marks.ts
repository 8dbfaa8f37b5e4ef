import schema from '../../schemas/marks/marks.json' with { type: 'json' };
import update from '../../schemas/marks/calls/update.json' with { type: 'json' };
import importPayload from '../../schemas/marks/calls/import.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

const FILE_MESSAGE = 'Error uploading file, please check file format and size.';

/**
 * Marks of one student in one test subject (a test's subject for a class). Teachers write only
 * the subjects they teach or the classes they lead (row scope `teacher_test_subject`); admins
 * any. Approved marks (per test and class) are read-only until an admin re-opens them; parents
 * and students read approved marks of their own children only.
 */
export default defineResource({
  name: 'marks', module: 'marks', schema, table: 'marks',
  label: 'Marks', singular: 'Marks', icon: 'TrophyOutlined',
  api: {},
  relations: {
    subject_id: { from: 'test_subject_id', resource: 'test-subjects', field: 'subject_id' },
    fullname: { from: 'student_id', resource: 'students', field: 'fullname' },
  },
  unique: [{ fields: ['test_subject_id', 'student_id'], message: 'Marks for this student are already entered' }],
  scope: {
    parent: { student: 'student_id' },
    teacher: { teacher_test_subject: 'test_subject_id' },
  },
  uploads: {
    'marks-csv': { permission: 'update', types: ['csv'], maxBytes: 1024 * 1024, messages: { type: FILE_MESSAGE, size: FILE_MESSAGE } },
  },
  calls: {
    // The editor: one test subject's rows for a class (the test's year unless given), and saving them.
    sheet: { call: 'GET /update/marks/{test_subject_id}/{class_id}/', permission: 'update', scope: { test_subject_id: 'marks.test_subject_id' }, refused: 'notTaught', errors: { notTaught: 'You can enter marks only for the subjects and classes you teach', noTest: 'No test taken' } },
    sheetOfYear: { call: 'GET /update/marks/{test_subject_id}/{class_id}/{year}/', permission: 'update', scope: { test_subject_id: 'marks.test_subject_id' }, refused: 'notTaught', errors: { notTaught: 'You can enter marks only for the subjects and classes you teach', noTest: 'No test taken' } },
    save: {
      call: 'PUT /update/marks/', permission: 'update', payload: update, scope: { test_subject_id: 'marks.test_subject_id' }, refused: 'notTaught', message: 'Marks Updated',
      errors: {
        notTaught: 'You can enter marks only for the subjects and classes you teach',
        noTest: 'No test taken',
        overMax: 'Marks obtained must be less than max marks',
        approved: 'These marks are approved. Ask an admin to re-open them to make changes.',
        notInClass: '{name} is not in this class',
        grade: 'Grade {grade} is not on the school\'s grading scale',
      },
    },
    // The viewer: every subject of a test for a class, with totals, grade and rank.
    view: { call: 'GET /marks/{test}/{class}/{year}/', permission: 'read', roles: ['staff'] },
    approve: {
      call: 'GET /marks/approve/{test}/{class}/', permission: 'update', roles: ['admins'],
      message: { sent: 'Marks approved and messages sent', quiet: 'Marks approved' },
      errors: { already: 'These marks are already approved', noMarks: 'No marks entered for this test and class', noTest: 'No test taken' },
    },
    reopen: {
      call: 'POST /marks/reopen/{test}/{class}/', permission: 'update', roles: ['admins'], message: 'Marks re-opened for editing',
      errors: { notApproved: 'These marks are not approved' },
    },
    emptyList: { call: 'GET /export/empty_marks_list/{class}/{year}/{test}/', permission: 'update', errors: { noTest: 'No test taken', noStudents: 'No data to export' } },
    import: {
      call: 'POST /import/marks/', permission: 'update', payload: importPayload, message: 'Marks Updated',
      errors: { file: FILE_MESSAGE, noTest: 'No test taken', approved: 'These marks are approved. Ask an admin to re-open them to make changes.' },
    },
    // A parent's or student's marks of one child: approved tests only (spec 4 §3 marks row).
    student: { call: 'GET /marks/{student_id}/', permission: 'read', scope: { student_id: 'students' } },
  },
  pages: {
    viewer: {
      route: '/marks/', component: 'MarksViewer', permission: 'read', roles: ['staff'], menu: 'Marks',
      calls: ['marks.view'], reads: ['classes', 'acyears', 'tests'],
      buttons: { approve: 'marks.approve', reopen: 'marks.reopen', template: 'marks.emptyList', import: 'marks.import' },
    },
    editor: {
      route: '/marks/update', component: 'MarksEditor', permission: 'update', menu: 'Update Marks',
      calls: ['test-subjects.list', 'marks.sheetOfYear', 'marks.save'], reads: ['classes', 'acyears', 'tests', 'subjects'],
    },
    mine: {
      route: '/marks/student', component: 'StudentMarks', permission: 'read', roles: ['family'], menu: 'Marks',
      calls: ['marks.student', 'students.mine'],
    },
  },
  access: { read: ['family', 'staff'], update: ['staff'] },
  messages: {},
});
