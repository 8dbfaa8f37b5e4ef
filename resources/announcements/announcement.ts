import schema from '../../schemas/announcements/announcement.json' with { type: 'json' };
import make from '../../schemas/announcements/calls/make.json' with { type: 'json' };
import web from '../../schemas/announcements/calls/web.json' with { type: 'json' };
import listQuery from '../../schemas/announcements/calls/list-query.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** What the spec allows as an attachment (spec 2 §5). */
const ATTACHMENT_TYPES = ['jpg', 'jpeg', 'png', 'pdf', 'doc', 'docx', 'ppt', 'pptx', 'odt', 'odp', 'txt', 'rtf'];

/**
 * Announcements (spec 2): staff make them for everyone (0), all students (1), teachers (2) or
 * selected classes (5); each audience's people also get a header notification. One row is
 * stored per class, as the spec's entity has one class each.
 *
 * Who reads what: staff read every announcement; a parent or student (role 1) reads only those
 * for everyone, for all students, or for a class one of their active children is in now —
 * never the teachers'. The server applies this to the list and to the one-read call alike.
 *
 * Teachers may make announcements to every audience the spec gives, but to classes only to
 * those they lead or teach a subject in (the `teacher_class` reach): a class's parents hear
 * from the class's own teachers and the office, not from every teacher of the school. The
 * classes picker (`classes`) offers the person exactly the classes the server accepts.
 *
 * The web announcement is one rich text for the school, edited by admins and shown to parents
 * on their dashboard; it is sanitised on save and again on display (src/shared/richText.ts).
 */
export default defineResource({
  name: 'announcements', module: 'announcements', schema, table: 'announcement',
  label: 'Announcements', singular: 'Announcement', icon: 'NotificationOutlined',
  api: {},
  relations: {
    class: { from: 'class_id', resource: 'classes', field: 'class' },
    section: { from: 'class_id', resource: 'classes', field: 'section' },
  },
  indexes: [['timestamp']],
  access: {
    read: ['family', 'staff'],
    create: ['staff'],
    update: ['admins'],
  },
  messages: {},
  uploads: {
    'announcement-files': { permission: 'create', types: ATTACHMENT_TYPES, maxBytes: 10 * 1024 * 1024, messages: { type: '{file} file upload failed.' } },
  },
  calls: {
    list: { call: 'GET /announcements/', permission: 'read', query: listQuery },
    // The reading modal's call, on the spec's path pattern (a list at /fees/items/, one at /fees/item/{id}/).
    one: { call: 'GET /announcement/{id}/', permission: 'read' },
    make: {
      call: 'PUT /announcements/', permission: 'create', payload: make, message: 'New Announcement Made',
      errors: {
        classNotFound: 'Class not found',
        notYourClass: 'You can make announcements only to the classes you teach',
        file: 'An attachment was not uploaded here: upload it again',
      },
    },
    // The classes picker: the classes the person may make an announcement to (all, or a teacher's
    // own), in place of the spec's GET /class/, which would offer a teacher classes the server refuses.
    classes: { call: 'GET /announcements/classes/', permission: 'create' },
    web: { call: 'GET /announcements/web/', permission: 'read' },
    saveWeb: { call: 'POST /announcements/web/', permission: 'update', payload: web, message: 'Announcement data saved' },
  },
  pages: {
    list: {
      route: '/announcements/', component: 'AnnouncementList', permission: 'read', menu: 'Announcements',
      calls: ['announcements.list', 'announcements.one'],
      buttons: { make: 'announcements.make', web: 'announcements.saveWeb' },
    },
    make: {
      route: '/announcements/new', component: 'AnnouncementNew', permission: 'create', menu: 'New Announcement',
      calls: ['announcements.classes', 'announcements.make'],
    },
    web: {
      route: '/announcements/web/', component: 'WebAnnouncement', permission: 'update', menu: 'Web Announcement',
      calls: ['announcements.web', 'announcements.saveWeb'],
    },
  },
});
