import { defineResource } from '../../src/shared/resource.js';

/**
 * The files browser (spec 4 §2.5, §3 File listing, §7 Files): the school's file store by folder,
 * one folder per kind of file (documents, homework, announcements' attachments, admission papers,
 * exports …). GET /files/{folder or root}/ answers { type: 'dir' | 'files', list }; a file downloads
 * from /files/{folder}/{name}, always as an attachment. Only the store's own rows are listed or
 * served: names are checked, never joined into a path, so no name reaches the server's disk (the
 * database's files, the backups) or another school's files.
 */
export default defineResource({
  name: 'files', module: 'files', schema: { type: 'object', properties: {} },
  label: 'Files', singular: 'File', icon: 'FolderOpenOutlined',
  api: {},
  access: { read: ['admins'] },
  messages: {},
  calls: {
    root: { call: 'GET /files/', permission: 'read' },
    list: {
      call: 'GET /files/{folder}/', permission: 'read', text: ['folder'],
      errors: { folder: 'Folder not found', invalid: 'Invalid folder name' },
    },
  },
  pages: {
    root: { route: '/files/', component: 'FilesBrowser', permission: 'read', menu: 'Files', calls: ['files.list'] },
    folder: { route: '/files/:folder', component: 'FilesBrowser', permission: 'read', calls: ['files.list'] },
  },
});
