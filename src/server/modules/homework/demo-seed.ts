import type { Ctx } from '../../framework/context.js';
import { saveFile } from '../../framework/files.js';
import { schoolToday } from './reach.js';
import { sanitizeRichText } from '../../../shared/richText.js';
import { png } from '../../platform/png.js';

export interface DemoHomeworkInput {
  classIds: Record<string, number>;
  /** The demo parent, whose son in 5 A submits solutions. */
  parentUserId: number;
}

const DAY = 86_400_000;

const WHITE: [number, number, number] = [255, 255, 255];
/** A ruled page with a pencil-drawn leaf: the "photo" of the son's solution. */
const leaf = (x: number, y: number): [number, number, number] => {
  const d = ((x - 160) / 110) ** 2 + ((y - 120) / 60) ** 2;
  if (Math.abs(d - 1) < 0.06 || (Math.abs(y - 120) < 1.5 && x > 50 && x < 270)) return [40, 90, 40];
  return y % 24 === 0 ? [200, 215, 235] : WHITE;
};
/** The same page with the teacher's red marks (a circle where the veins should be). */
const corrected = (x: number, y: number): [number, number, number] => {
  const r = Math.hypot(x - 200, y - 95);
  return Math.abs(r - 22) < 2.5 ? [230, 0, 0] : leaf(x, y);
};

/** A one-page PDF saying `text`. */
function pdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 60 760 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>', '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`, '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((o, i) => { offsets.push(out.length); out += `${i + 1} 0 obj\n${o}\nendobj\n`; });
  const xref = out.length;
  out += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
}

async function stored(ctx: Ctx, name: string, contentType: string, bytes: Buffer, kind: string) {
  const { path, key } = await saveFile(ctx, { name, contentType, bytes, kind });
  return { name, size: bytes.length, type: contentType, path, url: path, uid: key };
}

/**
 * A week of homework for 5 A and 10 A, some with a worksheet or a picture, set by their
 * teachers; the demo parent's son (5 A) has submitted a solution that awaits reply and another
 * that is corrected, with remarks and the image corrected in red beside his own photo.
 */
export async function seedDemoHomework(ctx: Ctx, input: DemoHomeworkInput): Promise<void> {
  const now = Date.now();
  // Each class's homework is set by its class teacher (5 A's is the demo teacher).
  const setter = async (cls: string) => (await ctx.db.selectFrom('class as c').innerJoin('teacher as t', 't.id', 'c.class_teacher_id')
    .select('t.user_id').where('c.id', '=', input.classIds[cls]!).executeTakeFirstOrThrow()).user_id;
  const teacherUserIds = { '5A': await setter('5A'), '10A': await setter('10A') };
  const son = (await ctx.db.selectFrom('student').select('id').where('user_id', '=', input.parentUserId)
    .where('class_id', '=', input.classIds['5A']!).executeTakeFirstOrThrow()).id;
  const subjectOf = async (cls: string, name: string) =>
    (await ctx.db.selectFrom('subject').select('id').where('class_id', '=', input.classIds[cls]!).where('name', '=', name).executeTakeFirstOrThrow()).id;
  const plan: Array<{ cls: '5A' | '10A'; days: number; due: number; subject: string; title: string; text: string; file?: 'pdf' | 'png' }> = [
    { cls: '5A', days: 6, due: -4, subject: 'Science', title: 'Draw and label a leaf', text: '<p>Draw a leaf from your garden and label the <strong>veins</strong>, <strong>midrib</strong> and <strong>stalk</strong>.</p>', file: 'png' },
    { cls: '5A', days: 5, due: -3, subject: 'English', title: 'My favourite festival', text: '<p>Write a paragraph of 8 to 10 lines about your favourite festival.</p>' },
    { cls: '5A', days: 3, due: 1, subject: 'Mathematics', title: 'Fractions worksheet', text: '<p>Solve all the sums on the worksheet. Show your working.</p>', file: 'pdf' },
    { cls: '5A', days: 1, due: 2, subject: 'Social Studies', title: 'Rivers of India', text: '<ul><li>Name five rivers of India</li><li>Mark them on an outline map</li></ul>' },
    { cls: '5A', days: 0, due: 3, subject: 'Kannada', title: 'Kannada alphabet practice', text: '<p>Write the vowels five times each in your notebook.</p>' },
    { cls: '10A', days: 6, due: -3, subject: 'Mathematics', title: 'Quadratic equations', text: '<p>Exercise 4.3: questions 1 to 8.</p>', file: 'pdf' },
    { cls: '10A', days: 4, due: -1, subject: 'Science', title: 'Chemical reactions', text: '<p>Balance the ten equations on the sheet.</p>', file: 'pdf' },
    { cls: '10A', days: 2, due: 2, subject: 'English', title: 'Letter to the editor', text: '<p>Write a letter to the editor about plastic waste in your area.</p>' },
    { cls: '10A', days: 0, due: 4, subject: 'Social Studies', title: 'Nationalism in India', text: '<p>Read chapter 2 and answer the in-text questions.</p>' },
  ];
  const ids: Record<string, number> = {};
  for (const h of plan) {
    const files = h.file === 'pdf'
      ? [await stored(ctx, `${h.title.replace(/\s+/g, '-')}.pdf`, 'application/pdf', pdf(h.title), 'homework-files')]
      : h.file === 'png' ? [await stored(ctx, 'leaf-example.png', 'image/png', png(320, 240, leaf), 'homework-files')] : [];
    // raw write: the demo school's past, stored as it happened (demo data)
    const row = await ctx.db.insertInto('homework').values({
      title: h.title, class_id: input.classIds[h.cls]!, subject_id: await subjectOf(h.cls, h.subject), description: sanitizeRichText(h.text),
      submission_date: schoolToday(new Date(now + h.due * DAY)), files: JSON.stringify(files),
      user_id: teacherUserIds[h.cls], timestamp: new Date(now - h.days * DAY).toISOString(),
    }).returning('id').executeTakeFirstOrThrow();
    ids[h.title] = row.id;
  }
  const photo = await stored(ctx, 'aarav-leaf.png', 'image/png', png(320, 240, leaf), 'homework-solutions');
  const correction = await stored(ctx, 'aarav-leaf-corrected.png', 'image/png', png(320, 240, corrected), 'homework-corrections');
  // raw write: the demo school's past, stored as it happened (demo data)
  await ctx.db.insertInto('homework_solution').values([
    {
      homework_id: ids['Draw and label a leaf']!, student_id: son, description: 'My leaf from the mango tree.', files: JSON.stringify([photo]),
      attachment: correction.path, remarks: 'Good drawing. Label the veins too (marked in red).', submitted_by: null,
      remarked_by: teacherUserIds['5A'], remarked_at: new Date(now - 4 * DAY).toISOString(), timestamp: new Date(now - 5 * DAY).toISOString(),
    },
    {
      homework_id: ids['Fractions worksheet']!, student_id: son, description: 'Answers: 1) 3/4 2) 5/6 3) 1/2 4) 7/8', files: '[]',
      attachment: null, remarks: null, submitted_by: null, remarked_by: null, remarked_at: null, timestamp: new Date(now - 2 * DAY).toISOString(),
    },
  ]).execute();
}
