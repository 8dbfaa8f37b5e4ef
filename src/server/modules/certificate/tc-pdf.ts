/**
 * A transfer certificate as an A4 PDF drawn with pdfkit's built-in Helvetica: the school's head,
 * the serial and date of issue, then the particulars numbered as schools write them, and the
 * signature lines.
 */
import type { schoolHeader } from '../../platform/school-header.js';
import { letterheadPdf, MARGIN, WIDTH } from '../../platform/letterhead-pdf.js';
import { dmy, particulars } from '../../../shared/transfer-certificate.js';
import type { CertificateData } from './tc-data.js';

const M = MARGIN;

export function renderTransferCertificate(data: CertificateData, school: Awaited<ReturnType<typeof schoolHeader>>): Promise<Buffer> {
  const c = data.certificate!;
  const head = letterheadPdf(school, { title: `Transfer Certificate ${c.serial}`, heading: 'TRANSFER CERTIFICATE', headingSize: 15 });
  const { doc } = head;
  let y = head.y + 40;
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
  return head.finish();
}
