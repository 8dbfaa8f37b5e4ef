import { defineModule } from '../../src/shared/resource.js';

/** The school's files (spec 4 §2.5, §7 Files): every upload and export in the file store, by folder, for the office. */
export default defineModule({ key: 'files', title: 'Files', icon: 'FolderOpenOutlined', link: '/files/', order: 92, can_disable: true });
