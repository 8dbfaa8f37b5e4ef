import schema from '../../schemas/homework/homework.json' with { type: 'json' };
import create from '../../schemas/homework/calls/create.json' with { type: 'json' };
import listQuery from '../../schemas/homework/calls/list-query.json' with { type: 'json' };
import pageQuery from '../../schemas/homework/calls/page-query.json' with { type: 'json' };
import settings from '../../schemas/homework/calls/settings.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** The document types of spec 3 §5, with the videos homework adds (spec 3 §5) and the audio spec 4 §5 adds. */
export const HOMEWORK_TYPES = ['jpg', 'jpeg', 'png', 'gif', 'pdf', 'doc', 'docx', 'ppt', 'pptx', 'odt', 'odp', 'txt', 'rtf', 'mp4', 'webm', 'mp3'];
const FILE_MESSAGES = { type: '{file} file upload failed.', size: '{file} is too big: at most 25 MB' };

/**
 * Homework (spec 3 §2, §7; spec 4 §2.8, §7). Staff set it for a class and subject with files,
 * read the students' solutions and correct them. When the school's teacher access setting is
 * 'restricted' a teacher reaches only the homework they set (list, viewer, summary, delete);
 * the server applies it in every call (src/server/modules/homework/reach.ts).
 *
 * Parents and students (role 1) read the homework of their own children's classes only.
 * `GET /homework/{id}/` is one documented path with two meanings: the staff viewer's homework
 * id, and for role 1 a student id whose homework list it answers (spec 4 §7). One call, whose
 * handler reads the id by the caller's role and checks each meaning's own reach.
 */
export default defineResource({
  name: 'homework', module: 'homework', schema, table: 'homework',
  label: 'Homework', singular: 'Homework', icon: 'FileDoneOutlined',
  api: {},
  relations: {
    class: { from: 'class_id', resource: 'classes', field: 'class' },
    section: { from: 'class_id', resource: 'classes', field: 'section' },
    subject: { from: 'subject_id', resource: 'subjects', field: 'name' },
  },
  indexes: [['class_id', 'submission_date'], ['user_id']],
  access: { read: ['family', 'staff'], create: ['staff'], remove: ['staff'], update: ['admins'] },
  messages: {},
  uploads: {
    'homework-files': { permission: 'create', types: HOMEWORK_TYPES, maxBytes: 25 * 1024 * 1024, messages: FILE_MESSAGES },
  },
  calls: {
    list: { call: 'GET /homework/', permission: 'read', roles: ['staff'], query: listQuery },
    bySubject: { call: 'GET /homework/subject/{id}/', permission: 'read', roles: ['staff'], query: pageQuery },
    // Staff: the homework {id} with its solutions. Role 1: the homework of student {id} (see above).
    one: { call: 'GET /homework/{id}/', permission: 'read' },
    create: {
      call: 'PUT /homework/', permission: 'create', payload: create, message: 'Homework Added',
      errors: {
        classNotFound: 'Class not found', subjectNotFound: 'Subject not found', subjectNotOfClass: 'The subject is not a subject of this class',
        description: 'Description is required', file: 'A file was not uploaded here: upload it again',
      },
    },
    remove: { call: 'DELETE /homework/{id}/', permission: 'remove', message: 'Homework deleted' },
    summary: { call: 'GET /homework/{id}/solutions/', permission: 'read', roles: ['staff'], query: pageQuery },
    student: {
      call: 'GET /homework/student/{student_id}/{homework_id}/', permission: 'read', roles: ['family'], scope: { student_id: 'students' },
      errors: { noHomework: 'Homework not found' },
    },
    settings: { call: 'GET /homework/settings/', permission: 'read', roles: ['staff'] },
    saveSettings: { call: 'POST /homework/settings/', permission: 'update', payload: settings, message: 'Homework Settings Saved' },
  },
  pages: {
    list: {
      route: '/homework/', component: 'HomeworkList', permission: 'read', roles: ['staff'], menu: 'Homework',
      calls: ['homework.list', 'homework.settings'], reads: ['classes', 'subjects'],
      buttons: { add: 'homework.create', remove: 'homework.remove', settings: 'homework.saveSettings' },
    },
    create: {
      route: '/homework/new/', component: 'HomeworkNew', permission: 'create', menu: 'New Homework',
      calls: ['homework.create'], reads: ['classes', 'subjects'],
    },
    viewer: {
      route: '/homework/:id/', component: 'HomeworkViewer', permission: 'read', roles: ['staff'],
      calls: ['homework.one'], buttons: { remark: 'homework-solutions.remark' },
    },
    solutions: {
      route: '/homework/:id/solutions', component: 'HomeworkSolutions', permission: 'read', roles: ['staff'],
      calls: ['homework.summary'],
    },
    mine: {
      route: '/homework/student', component: 'StudentHomework', permission: 'read', roles: ['family'], menu: 'Homework',
      calls: ['homework.one', 'students.mine'],
    },
    mineOne: {
      route: '/homework/student/:student_id/:homework_id', component: 'StudentHomeworkDetail', permission: 'read', roles: ['family'],
      calls: ['homework.student'], buttons: { submit: 'homework-solutions.submit' },
    },
  },
});
