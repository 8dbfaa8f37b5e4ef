import schema from '../../schemas/notes/note.json' with { type: 'json' };
import add from '../../schemas/notes/calls/add.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** What the spec accepts as a note's file (spec 3 §5). */
const NOTE_TYPES = ['jpg', 'jpeg', 'png', 'pdf', 'doc', 'docx', 'ppt', 'pptx', 'odt', 'odp', 'txt', 'rtf'];

/**
 * Notes (spec 3 Notes, spec 4 §2.8): a file for a class (and subject), uploaded by a teacher
 * (only role 2 adds notes, spec 3 §6), deleted by teachers and admins, downloaded by everyone
 * who reads them. A parent or student reads only the notes of their own children's classes:
 * asking for another class is answered like a class that does not exist.
 */
export default defineResource({
  name: 'notes', module: 'notes', schema, table: 'note',
  label: 'Notes', singular: 'Note', icon: 'ReadOutlined',
  api: {},
  relations: {
    class: { from: 'class_id', resource: 'classes', field: 'class' },
    subject_name: { from: 'subject_id', resource: 'subjects', field: 'name' },
  },
  indexes: [['class_id', 'uploaded_on']],
  scope: { parent: { student_class: 'class_id' } },
  access: {
    read: ['family', 'staff'],
    create: ['teacher'],
    remove: ['staff'],
  },
  messages: {},
  uploads: {
    // Spec 3 §7 gives the notes upload as a plain POST /upload/: a teacher's upload without a kind is a note's.
    notes: { permission: 'create', types: NOTE_TYPES, maxBytes: 10 * 1024 * 1024, messages: { type: '{file} file upload failed.' }, defaultFor: ['teacher'] },
  },
  calls: {
    list: { call: 'GET /notes/{class_id}/', permission: 'read', scope: { class_id: 'notes.class_id' } },
    add: {
      call: 'PUT /notes/', permission: 'create', payload: add, message: 'Note Added',
      errors: {
        noClass: 'Class not found', subject: 'The subject is not a subject of this class',
        file: 'The file was not uploaded here: upload it again',
      },
    },
    remove: { call: 'DELETE /notes/{id}/', permission: 'remove', message: 'Note deleted', errors: { missing: 'Note not found' } },
  },
  pages: {
    list: {
      route: '/notes', component: 'NotesList', permission: 'read', roles: ['staff'], menu: 'Notes',
      calls: ['notes.list'], reads: ['classes'], buttons: { add: 'notes.add', remove: 'notes.remove' },
    },
    add: { route: '/notes/new', component: 'NoteNew', permission: 'create', menu: 'Add New Notes', calls: ['notes.add'], reads: ['classes', 'subjects'] },
    student: {
      route: '/notes/student', component: 'StudentNotes', permission: 'read', roles: ['family'], menu: 'Notes',
      calls: ['students.mine', 'notes.list'],
    },
  },
});
