import { childOfStudentHooks } from './student.hooks.js';

export default childOfStudentHooks;
