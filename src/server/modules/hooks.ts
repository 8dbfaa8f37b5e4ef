import type { ResourceHooks } from '../framework/hooks.js';
import { acyearHooks } from './academics/acyear.hooks.js';
import { subjectHooks } from './academics/subject.hooks.js';
import { testSubjectHooks } from './academics/test-subject.hooks.js';
import { testHooks } from './academics/test.hooks.js';
import { teacherHooks } from './teachers/teacher.hooks.js';
import { createdFeeHooks } from './fees/created-fee.hooks.js';
import { feeItemHooks } from './fees/fee-item.hooks.js';
import { messageHooks } from './students/message.hooks.js';
import { pocketMoneyHooks } from './students/pocket-money.hooks.js';
import { childOfStudentHooks, studentHooks } from './students/student.hooks.js';

/** Each resource's own rules, by resource name. */
export const HOOKS: Record<string, ResourceHooks<any>> = {
  acyears: acyearHooks,
  subjects: subjectHooks,
  tests: testHooks,
  'test-subjects': testSubjectHooks,
  teachers: teacherHooks,
  students: studentHooks,
  'student-contacts': childOfStudentHooks,
  'pocket-money': pocketMoneyHooks,
  messages: messageHooks,
  attendance: childOfStudentHooks,
  'created-fees': createdFeeHooks,
  'fee-items': feeItemHooks,
};
