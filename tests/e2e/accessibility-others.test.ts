/** Accessibility and calls of every screen in the teacher's, librarian's and parent's menus, and the keyboard's way in (tests/e2e/accessibility-audit.ts). */
import { auditRoles, keyboardTest } from './accessibility-audit.js';

auditRoles('teacher', 'librarian', 'parent');
keyboardTest();
