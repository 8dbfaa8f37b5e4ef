import schema from '../../schemas/question_paper/question-paper.json' with { type: 'json' };
import save from '../../schemas/question_paper/calls/save.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

const NOT_FOUND = { missing: 'Question paper not found' };
const CHECKS = {
  noClass: 'Class not found', noYear: 'Academic year not found', subject: 'The subject is not a subject of this class',
};

/**
 * Question papers (spec 3 Question papers): teachers and admins write a paper for a class,
 * academic year and subject in the rich-text editor, list them by those three, and print one as
 * it is handed out. The questions are sanitised on save and again on display.
 */
export default defineResource({
  name: 'question-papers', module: 'question_paper', schema, table: 'question_paper',
  label: 'Question Papers', singular: 'Question Paper', icon: 'FileDoneOutlined',
  api: {},
  relations: {
    class: { from: 'class_id', resource: 'classes', field: 'class' },
    ac_year: { from: 'ac_year_id', resource: 'acyears', field: 'name' },
    subject: { from: 'subject_id', resource: 'subjects', field: 'name' },
  },
  indexes: [['class_id', 'ac_year_id', 'subject_id']],
  access: {
    read: ['staff'], create: ['staff'],
    update: ['staff'], remove: ['staff'],
  },
  messages: {},
  calls: {
    list: { call: 'GET /question-papers-basic/{class_id}/{ac_year_id}/{subject_id}/', permission: 'read' },
    create: { call: 'PUT /question-papers-basic/', permission: 'create', payload: save, message: 'Question Paper Created', errors: CHECKS },
    one: { call: 'GET /question-paper-basic/{id}/', permission: 'read', errors: NOT_FOUND },
    update: { call: 'POST /question-paper-basic/{id}/', permission: 'update', payload: save, message: 'Question Paper Updated', errors: { ...CHECKS, ...NOT_FOUND } },
    remove: { call: 'DELETE /question-paper-basic/{id}/', permission: 'remove', message: 'Question Paper Deleted', errors: NOT_FOUND },
  },
  pages: {
    list: {
      route: '/question-paper/', component: 'QuestionPapers', permission: 'read', menu: 'Question Papers',
      calls: ['question-papers.list'], reads: ['classes', 'acyears', 'subjects'],
      buttons: { add: 'question-papers.create', remove: 'question-papers.remove' },
    },
    add: {
      route: '/question-paper/new', component: 'QuestionPaperEditor', permission: 'create', menu: 'New Question Paper',
      calls: ['question-papers.create'], reads: ['classes', 'acyears', 'subjects'],
    },
    edit: {
      route: '/question-paper/:id', component: 'QuestionPaperEditor', permission: 'update',
      calls: ['question-papers.one', 'question-papers.update', 'school.about'], reads: ['classes', 'acyears', 'subjects'],
    },
  },
});
