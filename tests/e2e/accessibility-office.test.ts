/** Accessibility and calls of every screen in the office's menu (tests/e2e/accessibility-audit.ts). */
import { auditRoles } from './accessibility-audit.js';

auditRoles('office');
