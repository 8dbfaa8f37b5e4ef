/**
 * An A4 PDF that opens with the school's letterhead (logo, name, address and phone, a rule and
 * the document's heading), drawn with pdfkit's built-in Helvetica: transfer certificates and
 * payslips start from it.
 */
import PDFDocument from 'pdfkit';
import type { schoolHeader } from './school-header.js';

export const MARGIN = 48;
export const WIDTH = 595.28 - 2 * MARGIN;

export interface Letterhead {
  doc: PDFKit.PDFDocument;
  /** Where the page goes on below the heading. */
  y: number;
  /** Ends the document and answers its bytes. */
  finish(): Promise<Buffer>;
}

export function letterheadPdf(school: Awaited<ReturnType<typeof schoolHeader>>, o: { title: string; heading: string; headingSize: number }): Letterhead {
  const M = MARGIN;
  const doc = new PDFDocument({ size: 'A4', margin: M, info: { Title: o.title, Author: school.school_name } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (b: Buffer) => chunks.push(b));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  if (school.logo) {
    try { doc.image(school.logo, M, M, { fit: [56, 56] }); } catch { /* a damaged logo leaves the head without it */ }
  }
  doc.font('Helvetica-Bold').fontSize(18).text(school.school_name, M, M + 4, { width: WIDTH, align: 'center' });
  doc.font('Helvetica').fontSize(10);
  for (const line of [school.school_address, school.phone_number ? `Phone: ${school.phone_number}` : ''].filter(Boolean)) doc.text(line, { width: WIDTH, align: 'center' });
  const y = Math.max(doc.y, M + 56) + 8;
  doc.moveTo(M, y).lineTo(M + WIDTH, y).lineWidth(1).stroke();
  doc.font('Helvetica-Bold').fontSize(o.headingSize).text(o.heading, M, y + 12, { width: WIDTH, align: 'center' });
  return { doc, y, finish: () => { doc.end(); return done; } };
}
