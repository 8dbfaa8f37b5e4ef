import { defineModule } from '../../src/shared/resource.js';

/** Question papers written in the rich-text editor per class, year and subject, and printed (spec 3 Question papers). */
export default defineModule({ key: 'question_paper', title: 'Question Papers', icon: 'FileDoneOutlined', link: '/question-paper/', order: 66, can_disable: true });
