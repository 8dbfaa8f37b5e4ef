/**
 * A transfer certificate as an A4 PDF drawn with pdfkit's built-in Helvetica: the school's head,
 * the serial and date of issue, then the particulars numbered as schools write them, and the
 * signature lines.
 */
import PDFDocument from 'pdfkit';
import type { schoolHeader } from '../marks/report-card-data.js';
import { dmy, particulars } from '../../../shared/transfer-certificate.js';
import type { CertificateData } from './tc-data.js';

const M = 48;
const WIDTH = 595.28 - 2 * M;

export function renderTransferCertificate(data: CertificateData, school: Awaited<ReturnType<typeof schoolHeader>>): Promise<Buffer> {
  const c = data.certificate!;
  const doc = new PDFDocument({ size: 'A4', margin: M, info: { Title: `Transfer Certificate ${c.serial}`, Author: school.school_name } });
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
  let y = Math.max(doc.y, M + 56) + 8;
  doc.moveTo(M, y).lineTo(M + WIDTH, y).lineWidth(1).stroke();
  doc.font('Helvetica-Bold').fontSize(15).text('TRANSFER CERTIFICATE', M, y + 12, { width: WIDTH, align: 'center' });
  y += 40;
  doc.font('Helvetica').fontSize(10).text(`Serial No: ${c.serial}`, M, y, { width: WIDTH / 2 });
  doc.text(`Date of issue: ${dmy(String(c.issued_at instanceof Date ? c.issued_at.toISOString() : c.issued_at))}`, M + WIDTH / 2, y, { width: WIDTH / 2, align: 'right' });
  y += 28;
  particulars({ student: data.student, certificate: c }).forEach(([label, value], i) => {
    doc.font('Helvetica').fontSize(11).text(`${i + 1}. ${label}`, M, y, { width: WIDTH * 0.48 });
    doc.font('Helvetica-Bold').text(`:  ${value}`, M + WIDTH * 0.5, y, { width: WIDTH * 0.5 });
    y = Math.max(doc.y, y + 16) + 8;
  });
  y += 60;
  doc.font('Helvetica').fontSize(10);
  doc.text('Prepared by', M, y, { width: WIDTH / 3 });
  doc.text('Checked by', M + WIDTH / 3, y, { width: WIDTH / 3, align: 'center' });
  doc.text('Principal', M + (2 * WIDTH) / 3, y, { width: WIDTH / 3, align: 'right' });
  doc.end();
  return done;
}
