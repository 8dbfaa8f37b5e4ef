import schema from '../../schemas/marks/report-card.json' with { type: 'json' };
import classPayload from '../../schemas/marks/calls/report-card-class.json' with { type: 'json' };
import setupPayload from '../../schemas/marks/calls/report-card-setup.json' with { type: 'json' };
import savePayload from '../../schemas/marks/calls/report-card-save.json' with { type: 'json' };
import pdfQuery from '../../schemas/marks/calls/report-card-pdf-query.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

const NOT_CLASS_TEACHER = 'Only the class teacher or an admin can prepare report cards for this class';
/** A class's calls: a teacher reaches only the classes they lead (the row scope), else 403 with why. */
const CLASS_TEACHER_ONLY = { scope: { class_id: 'report-cards.class_id' }, refused: 'notClassTeacher' };

/**
 * Report cards (CBSE style unless the school's configuration says otherwise): per student and
 * year, what the card says besides marks. An admin chooses the tests feeding each component of
 * each term and publishes a class's cards; the class teacher and admins fill in grades, remarks
 * and results and download the class's cards as one PDF; parents download their own child's
 * published card.
 */
export default defineResource({
  name: 'report-cards', module: 'marks', schema, table: 'report_card',
  label: 'Report Cards', singular: 'Report Card', icon: 'FileDoneOutlined',
  api: {},
  relations: {
    fullname: { from: 'student_id', resource: 'students', field: 'fullname' },
    class: { from: 'class_id', resource: 'classes', field: 'class' },
    year: { from: 'ac_year_id', resource: 'acyears', field: 'name' },
    promoted_to: { from: 'promoted_to_class_id', resource: 'classes', field: 'class' },
  },
  unique: [{ fields: ['student_id', 'ac_year_id'], message: 'This student already has a report card for the year' }],
  scope: {
    parent: { student: 'student_id' },
    teacher: { teacher_led_class: 'class_id' },
  },
  calls: {
    // A class's calls (sheet, save, pdf) keep a teacher to the classes the row scope below lets
    // them reach (notClassTeacher, 403); a class that does not exist is 404.
    // The preparation screen: the card's plan, the tests of the year, the chosen ones, every student's entries.
    sheet: {
      call: 'GET /report-cards/{class_id}/{ac_year_id}/', permission: 'read', roles: ['staff'], ...CLASS_TEACHER_ONLY,
      errors: { notClassTeacher: NOT_CLASS_TEACHER, noClass: 'Class not found', noYear: 'Academic year not found' },
    },
    setup: {
      call: 'PUT /report-cards/setup/', permission: 'update', roles: ['admins'], payload: setupPayload, message: 'Report card tests saved',
      errors: {
        noClass: 'Class not found', noYear: 'Academic year not found',
        term: '{term} is not one of the school\'s terms', component: '{component} is not one of the school\'s assessment components',
        test: 'Test {test} is not a test of this academic year', twice: '{component} of {term} is chosen twice',
      },
    },
    save: {
      call: 'PUT /report-cards/students/', permission: 'update', payload: savePayload, message: 'Report Cards Updated', ...CLASS_TEACHER_ONLY,
      errors: {
        notClassTeacher: NOT_CLASS_TEACHER, noClass: 'Class not found', noYear: 'Academic year not found',
        notInClass: 'Student {id} is not in this class', term: '{term} is not one of the school\'s terms',
        area: '{area} is not graded on the report card', grade: 'Grade {grade} is not a grade of {area}',
        days: 'Days present cannot be more than working days', promotedTo: 'The class promoted to does not exist',
      },
    },
    publish: {
      call: 'POST /report-cards/publish/', permission: 'update', roles: ['admins'], payload: classPayload, message: 'Report cards published',
      errors: {
        noClass: 'Class not found', noYear: 'Academic year not found', notSetUp: 'Choose the tests for the report card first',
        notApproved: 'Approve the marks of {test} for this class before publishing', already: 'These report cards are already published',
      },
    },
    unpublish: {
      call: 'POST /report-cards/unpublish/', permission: 'update', roles: ['admins'], payload: classPayload, message: 'Report cards withdrawn',
      errors: { notPublished: 'These report cards are not published' },
    },
    // One PDF for the class, a page a student (?student_id= one student's page alone).
    pdf: {
      call: 'GET /report-cards/{class_id}/{ac_year_id}/pdf/', permission: 'read', roles: ['staff'], query: pdfQuery, ...CLASS_TEACHER_ONLY,
      message: 'Report cards ready',
      errors: { notClassTeacher: NOT_CLASS_TEACHER, noClass: 'Class not found', noYear: 'Academic year not found', noStudents: 'No students in this class', notInClass: 'Student {id} is not in this class' },
    },
    // A parent's child: the published cards, and one of them as a PDF.
    published: { call: 'GET /report-cards/student/{student_id}/', permission: 'read', roles: ['family'], scope: { student_id: 'students' } },
    download: {
      call: 'GET /report-cards/student/{student_id}/{ac_year_id}/pdf/', permission: 'read', roles: ['family'], scope: { student_id: 'students' },
      message: 'Report card ready', errors: { notPublished: 'The report card is not published yet' },
    },
  },
  pages: {
    prepare: {
      route: '/marks/report-cards', component: 'ReportCards', permission: 'read', roles: ['staff'], menu: 'Report Cards',
      calls: ['report-cards.sheet'], reads: ['classes', 'acyears'],
      buttons: { setup: 'report-cards.setup', save: 'report-cards.save', publish: 'report-cards.publish', unpublish: 'report-cards.unpublish', pdf: 'report-cards.pdf' },
    },
    download: {
      route: '/marks/report-card', component: 'ReportCardDownload', permission: 'read', roles: ['family'], menu: 'Report Card',
      calls: ['students.mine', 'report-cards.published'], buttons: { download: 'report-cards.download' },
    },
  },
  access: { read: ['family', 'staff'], update: ['staff'] },
  messages: {},
});
