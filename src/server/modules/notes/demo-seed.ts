import PDFDocument from 'pdfkit';
import type { Ctx } from '../../framework/context.js';
import { saveFile } from '../../framework/files.js';
import { sanitizeRichText } from '../../../shared/richText.js';

export interface DemoNotesInput {
  classIds: Record<string, number>;
  yearId: number;
  /** The demo teacher (Anita Sharma), who leads 5 A and teaches in 10 A. */
  teacherUserId: number;
}

/** A one-page PDF of a few lines, as a teacher's scanned or typed notes would be. */
function notePdf(title: string, lines: string[]): Promise<Buffer> {
  const doc = new PDFDocument({ size: 'A4', margin: 56 });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c)); doc.on('end', () => resolve(Buffer.concat(chunks))); doc.on('error', reject);
  });
  doc.font('Helvetica-Bold').fontSize(18).text(title);
  doc.moveDown().font('Helvetica').fontSize(12);
  for (const l of lines) doc.text(`• ${l}`).moveDown(0.4);
  doc.end();
  return done;
}

/**
 * Notes for 5 A (where the demo parent's son is) and 10 A, uploaded by the demo teacher, and a
 * question paper for 10 A's science.
 */
export async function seedDemoNotes(ctx: Ctx, input: DemoNotesInput): Promise<void> {
  const subjectOf = async (klass: string, name: string) => (await ctx.db.selectFrom('subject').select('id')
    .where('class_id', '=', input.classIds[klass]!).where('name', '=', name).executeTakeFirstOrThrow()).id;
  const notes: Array<{ klass: string; subject: string; name: string; description: string; file: string; bytes: Buffer }> = [
    {
      klass: '5A', subject: 'Science', name: 'Parts of a plant', description: 'Roots, stem, leaves, flowers and fruits, with a diagram to copy.',
      file: 'Parts-of-a-plant.pdf', bytes: await notePdf('Parts of a plant', ['Roots hold the plant and take in water.', 'The stem carries water to the leaves.', 'Leaves make food using sunlight.']),
    },
    {
      klass: '5A', subject: 'Mathematics', name: 'Fractions practice', description: 'Twenty sums on adding and comparing fractions.',
      file: 'Fractions-practice.txt', bytes: Buffer.from('Fractions practice\n\n1. 1/2 + 1/4 =\n2. 2/3 + 1/6 =\n3. Which is bigger: 3/5 or 2/3?\n', 'utf8'),
    },
    {
      klass: '10A', subject: 'Mathematics', name: 'Quadratic equations: formulae', description: 'The quadratic formula, the discriminant and the nature of roots.',
      file: 'Quadratic-equations.pdf', bytes: await notePdf('Quadratic equations', ['x = (-b ± √(b² - 4ac)) / 2a', 'D = b² - 4ac: D > 0 two real roots, D = 0 equal roots, D < 0 no real roots.']),
    },
  ];
  let minutes = 0;
  for (const n of notes) {
    const saved = await saveFile(ctx, { name: n.file, contentType: n.file.endsWith('.pdf') ? 'application/pdf' : 'text/plain', bytes: n.bytes, kind: 'notes' });
    // raw write: the demo school's past, stored as it happened (demo data)
    await ctx.db.insertInto('note').values({
      class_id: input.classIds[n.klass]!, subject_id: await subjectOf(n.klass, n.subject), name: n.name, description: n.description,
      url: saved.path, uploaded_by: input.teacherUserId, uploaded_on: new Date(Date.now() - (3 - minutes++) * 86_400_000).toISOString(),
    }).execute();
  }
  const now = new Date().toISOString();
  // raw write: the demo school's past, stored as it happened (demo data)
  await ctx.db.insertInto('question_paper').values({
    name: 'Unit Test 2: Science', class_id: input.classIds['10A']!, ac_year_id: input.yearId, subject_id: await subjectOf('10A', 'Science'),
    questions: sanitizeRichText('<h3>Section A (1 mark each)</h3><ol><li>What is the chemical formula of water?</li><li>Name the gas plants take in for photosynthesis.</li></ol>'
      + '<h3>Section B (3 marks each)</h3><ol><li>Explain the difference between <strong>reflection</strong> and <strong>refraction</strong> of light.</li><li>Describe the structure of a neuron.</li></ol>'),
    created_by: input.teacherUserId, created: now, updated: now,
  }).execute();
}
