/**
 * A class's report cards as one A4 PDF, a page per student, drawn with pdfkit's built-in
 * Helvetica (no font files to ship). Layout is absolute, so a card never spills onto a second
 * page: long remarks are cut to their box.
 */
import PDFDocument from 'pdfkit';
import { gradedAreas, markText, scaleText } from '../../../shared/report-card.js';
import type { ClassCards, StudentCard } from './report-card-data.js';

const PAGE = { width: 595.28, height: 841.89 };
const M = 36;
const W = PAGE.width - 2 * M;
const LINE = '#444444';
const SHADE = '#eef2f7';

type Doc = PDFKit.PDFDocument;
interface Cell { text: string; width: number; bold?: boolean; align?: 'left' | 'center' | 'right'; shade?: boolean }

/** One row of boxed cells; text is centred vertically and cut to its cell. */
function row(doc: Doc, x: number, y: number, h: number, cells: Cell[], size = 8) {
  let cx = x;
  for (const c of cells) {
    if (c.shade) doc.rect(cx, y, c.width, h).fill(SHADE);
    doc.rect(cx, y, c.width, h).lineWidth(0.5).strokeColor(LINE).stroke();
    doc.fillColor('black').font(c.bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(size);
    const lines = c.text.split('\n').length;
    const ty = y + (h - lines * size * 1.15) / 2 + 1;
    doc.text(c.text, cx + 3, ty, { width: c.width - 6, height: h - 2, align: c.align ?? 'center', lineBreak: lines > 1, ellipsis: true });
    cx += c.width;
  }
}

function heading(doc: Doc, text: string, y: number) {
  doc.font('Helvetica-Bold').fontSize(10).fillColor('black').text(text, M, y, { width: W, lineBreak: false });
  return y + 15;
}

function header(doc: Doc, cards: ClassCards): number {
  const s = cards.school;
  const logo = 56;
  if (s.logo) {
    try { doc.image(s.logo, M, M, { fit: [logo, logo] }); } catch { /* a damaged logo leaves the header without it */ }
  }
  doc.font('Helvetica-Bold').fontSize(18).fillColor('black').text(s.school_name, M + logo, M + 2, { width: W - 2 * logo, align: 'center', lineBreak: false });
  let y = M + 26;
  for (const line of [s.school_address, s.phone_number ? `Phone: ${s.phone_number}` : ''].filter(Boolean)) {
    doc.font('Helvetica').fontSize(9).text(line, M + logo, y, { width: W - 2 * logo, align: 'center', lineBreak: false });
    y += 12;
  }
  y = Math.max(y, M + logo) + 6;
  doc.moveTo(M, y).lineTo(M + W, y).lineWidth(1).strokeColor('black').stroke();
  doc.font('Helvetica-Bold').fontSize(13).text('REPORT CARD', M, y + 8, { width: W, align: 'center', lineBreak: false });
  doc.font('Helvetica').fontSize(10).text(`Academic Year ${cards.year}`, M, y + 25, { width: W, align: 'center', lineBreak: false });
  return y + 44;
}

function studentBlock(doc: Doc, cards: ClassCards, st: StudentCard, y: number): number {
  const k = cards.klass;
  const pairs: Array<[string, string]> = [
    ['Student', st.fullname], ['Class', k.section ? `${k.class} - ${k.section}` : k.class],
    ['Admission No', st.admission_no ?? ''], ['Roll No', st.roll_no === null ? '' : String(st.roll_no)],
    ['Date of Birth', st.dob ? st.dob.split('-').reverse().join('-') : ''], ["Father's Name", st.father_name ?? ''],
  ];
  const half = W / 2;
  pairs.forEach(([label, value], i) => {
    const x = M + (i % 2) * half;
    const ry = y + Math.floor(i / 2) * 15;
    doc.font('Helvetica-Bold').fontSize(9).text(`${label}:`, x, ry, { width: 80, lineBreak: false });
    doc.font('Helvetica').fontSize(9).text(value, x + 82, ry, { width: half - 86, lineBreak: false, ellipsis: true });
  });
  return y + 3 * 15 + 6;
}

function scholastic(doc: Doc, cards: ClassCards, st: StudentCard, y: number): number {
  const { plan } = cards;
  y = heading(doc, 'Part 1: Scholastic Areas', y);
  const perTerm = plan.components.length + 2;
  const subjectW = 104;
  const colW = (W - subjectW) / (plan.terms.length * perTerm + 2);
  const termMax = plan.components.reduce((s, c) => s + c.max_marks, 0);
  row(doc, M, y, 16, [
    { text: 'Subject', width: subjectW, bold: true, shade: true },
    ...plan.terms.map((t) => ({ text: t, width: colW * perTerm, bold: true, shade: true })),
    { text: 'Overall', width: colW * 2, bold: true, shade: true },
  ], 8.5);
  y += 16;
  row(doc, M, y, 22, [
    { text: '', width: subjectW, shade: true },
    ...plan.terms.flatMap(() => [
      ...plan.components.map((c) => ({ text: `${c.code}\n(${c.max_marks})`, width: colW, bold: true, shade: true })),
      { text: `Total\n(${termMax})`, width: colW, bold: true, shade: true },
      { text: 'Grade', width: colW, bold: true, shade: true },
    ]),
    { text: '%', width: colW, bold: true, shade: true },
    { text: 'Grade', width: colW, bold: true, shade: true },
  ], 7);
  y += 22;
  const h = st.subjects.length > 12 ? 14 : 17;
  for (const sub of st.subjects) {
    row(doc, M, y, h, [
      { text: sub.subject, width: subjectW, align: 'left' },
      ...sub.terms.flatMap((t) => [
        ...plan.components.map((c) => ({ text: c.code in t.marks ? markText(t.marks[c.code]) : '-', width: colW })),
        // A term with a component still without a test is out of less: say so.
        { text: t.total !== null && t.max !== termMax ? `${markText(t.total)}/${t.max}` : markText(t.total), width: colW, bold: true },
        { text: t.grade ?? '-', width: colW, bold: true },
      ]),
      { text: sub.overall.percent === null ? '-' : String(sub.overall.percent), width: colW },
      { text: sub.overall.grade ?? '-', width: colW, bold: true },
    ], 8);
    y += h;
  }
  if (!st.subjects.length) {
    doc.font('Helvetica-Oblique').fontSize(9).text('No tests are chosen for this report card yet.', M, y + 4, { width: W, lineBreak: false });
    y += 16;
  }
  const legend = plan.components.map((c) => `${c.code}: ${c.name} (${c.max_marks})`).join(';  ');
  doc.font('Helvetica').fontSize(7).fillColor('#333333').text(`${legend}. AB: absent, counted as 0.`, M, y + 3, { width: W, lineBreak: false, ellipsis: true });
  return y + 16;
}

/** Co-scholastic areas (Part 2) and discipline (Part 3): a grade per term. */
function graded(doc: Doc, cards: ClassCards, st: StudentCard, y: number): number {
  const { plan } = cards;
  const areaW = 200;
  const termW = Math.min(90, (W - areaW) / plan.terms.length);
  const table = (title: string, areas: string[], scale: string) => {
    y = heading(doc, title, y);
    row(doc, M, y, 15, [{ text: `Area (grades ${scale})`, width: areaW, bold: true, shade: true, align: 'left' }, ...plan.terms.map((t) => ({ text: t, width: termW, bold: true, shade: true }))], 8);
    y += 15;
    for (const area of areas) {
      row(doc, M, y, 15, [{ text: area, width: areaW, align: 'left' }, ...plan.terms.map((t) => ({ text: st.co_scholastic[t]?.[area] ?? '-', width: termW, bold: true }))], 8);
      y += 15;
    }
    y += 8;
  };
  const grades = (names: string[]) => [...new Set(gradedAreas(plan).filter((a) => names.includes(a.name)).flatMap((a) => a.grades))].join(', ');
  table('Part 2: Co-Scholastic Areas', plan.areas.map((a) => a.name), grades(plan.areas.map((a) => a.name)));
  table('Part 3: Discipline', [plan.discipline.name], plan.discipline.grades.join(', '));
  return y;
}

function closing(doc: Doc, cards: ClassCards, st: StudentCard, y: number) {
  const a = st.attendance;
  const attendance = a ? `${a.present} / ${a.working} days${a.working ? ` (${Math.round((a.present / a.working) * 1000) / 10}%)` : ''}` : '-';
  const line = (label: string, value: string, x: number, width: number) => {
    doc.font('Helvetica-Bold').fontSize(9).fillColor('black').text(`${label}:`, x, y, { width: 95, lineBreak: false });
    doc.font('Helvetica').fontSize(9).text(value, x + 97, y, { width: width - 97, lineBreak: false, ellipsis: true });
  };
  line('Attendance', attendance, M, W);
  y += 18;
  doc.font('Helvetica-Bold').fontSize(9).text("Class Teacher's Remarks:", M, y, { width: W, lineBreak: false });
  doc.rect(M, y + 12, W, 44).lineWidth(0.5).strokeColor(LINE).stroke();
  doc.font('Helvetica').fontSize(9).text(st.remarks ?? '', M + 5, y + 16, { width: W - 10, height: 38, ellipsis: true });
  y += 64;
  line('Result', st.result ?? '-', M, W / 2);
  line('Promoted to', st.promoted_to ?? '-', M + W / 2, W / 2);
  // Signatures and the scale sit at the foot of every page, wherever the tables end.
  const sy = PAGE.height - M - 58;
  const names = [`Class Teacher${cards.klass.class_teacher ? `\n${cards.klass.class_teacher}` : ''}`, 'Principal', 'Parent'];
  names.forEach((n, i) => {
    const x = M + i * (W / 3);
    doc.moveTo(x + 15, sy).lineTo(x + W / 3 - 15, sy).lineWidth(0.5).strokeColor('black').stroke();
    doc.font('Helvetica').fontSize(8.5).text(n, x, sy + 4, { width: W / 3, align: 'center' });
  });
  doc.font('Helvetica').fontSize(7).fillColor('#333333')
    .text(`Grading scale (percentage): ${scaleText(cards.scale)}`, M, PAGE.height - M - 18, { width: W, lineBreak: false, ellipsis: true });
}

function page(doc: Doc, cards: ClassCards, st: StudentCard) {
  doc.addPage({ size: 'A4', margin: 0 });
  let y = header(doc, cards);
  y = studentBlock(doc, cards, st, y);
  y = scholastic(doc, cards, st, y + 4);
  y = graded(doc, cards, st, y + 4);
  closing(doc, cards, st, y);
}

/** The cards as PDF bytes, one page a student. */
export function renderCards(cards: ClassCards, title: string): Promise<{ bytes: Buffer; pages: number }> {
  const doc = new PDFDocument({ size: 'A4', margin: 0, autoFirstPage: false, bufferPages: false, info: { Title: title, Author: cards.school.school_name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  for (const st of cards.students) page(doc, cards, st);
  doc.end();
  return done.then((bytes) => ({ bytes, pages: cards.students.length }));
}
