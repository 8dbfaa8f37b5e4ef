/**
 * A payslip as an A4 PDF drawn with pdfkit's built-in Helvetica: the school's head, the
 * employee and month, the days, the clerk's note, the earnings and deductions with their totals, the net pay in
 * figures and words, and what has been paid.
 */
import type { schoolHeader } from '../../platform/school-header.js';
import { letterheadPdf, MARGIN, WIDTH } from '../../platform/letterhead-pdf.js';
import { amountInWords, formatINR } from '../../../shared/money.js';
import { CREDIT, DEBIT } from '../../../shared/payroll.js';
import type { PayslipData } from './payslip.js';

const M = MARGIN;
const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const rupees = (v: number) => formatINR(v).replace('₹', 'Rs. ');

export function renderPayslip(slip: PayslipData, school: Awaited<ReturnType<typeof schoolHeader>>): Promise<Buffer> {
  const month = MONTH.format(new Date(`${slip.month_year}T00:00:00Z`));
  const head = letterheadPdf(school, { title: `Payslip ${slip.emp_name} ${month}`, heading: `PAYSLIP FOR ${month.toUpperCase()}`, headingSize: 14 });
  const { doc } = head;
  let y = head.y + 42;
  const pair = (label: string, value: string, x: number, w: number) => {
    doc.font('Helvetica').fontSize(10).text(label, x, y, { width: w * 0.45 });
    doc.font('Helvetica-Bold').text(value, x + w * 0.45, y, { width: w * 0.55 });
  };
  const half = WIDTH / 2;
  for (const [[l1, v1], [l2, v2]] of [
    [['Employee', slip.emp_name], ['Designation', slip.job_title ?? '-']],
    [['Total Days', String(slip.total_days)], ['Absent Days', String(slip.absent_days)]],
    [['Present Days', String(slip.present_days)], ['Monthly CTC', rupees(slip.ctc)]],
  ] as const) {
    pair(l1, v1, M, half);
    pair(l2, v2, M + half, half);
    y += 18;
  }
  if (slip.note) {
    doc.font('Helvetica').fontSize(10).text(`Note: ${slip.note}`, M, y, { width: WIDTH });
    y = doc.y + 4;
  }
  y += 10;
  const columns = [{ title: 'Earnings', type: CREDIT, total: slip.total_credit }, { title: 'Deductions', type: DEBIT, total: slip.total_debit }];
  const top = y;
  let bottom = y;
  columns.forEach((c, n) => {
    const x = M + n * half;
    let cy = top;
    doc.rect(x, cy, half - 6, 20).fillAndStroke('#f0f0f0', '#999').fillColor('#000');
    doc.font('Helvetica-Bold').fontSize(10).text(c.title, x + 6, cy + 6, { width: half * 0.55 });
    doc.text('Amount', x + half * 0.55, cy + 6, { width: half * 0.4 - 12, align: 'right' });
    cy += 24;
    for (const item of slip.extras.payslip.filter((i) => i.type === c.type)) {
      doc.font('Helvetica').fontSize(10).text(item.item_name, x + 6, cy, { width: half * 0.55 });
      doc.text(rupees(item.value), x + half * 0.55, cy, { width: half * 0.4 - 12, align: 'right' });
      cy = Math.max(doc.y, cy + 14) + 2;
    }
    bottom = Math.max(bottom, cy);
  });
  columns.forEach((c, n) => {
    const x = M + n * half;
    doc.moveTo(x, bottom + 2).lineTo(x + half - 6, bottom + 2).stroke();
    doc.font('Helvetica-Bold').fontSize(10).text(`Total ${c.title}`, x + 6, bottom + 8, { width: half * 0.55 });
    doc.text(rupees(c.total), x + half * 0.55, bottom + 8, { width: half * 0.4 - 12, align: 'right' });
  });
  y = bottom + 36;
  doc.font('Helvetica-Bold').fontSize(12).text(`Net Pay: ${rupees(slip.total)}`, M, y, { width: WIDTH });
  doc.font('Helvetica').fontSize(10).text(amountInWords(slip.total), M, doc.y + 2, { width: WIDTH });
  y = doc.y + 12;
  doc.text(`Paid: ${rupees(slip.amount_paid)}    Pending: ${rupees(slip.pending)}${slip.payment_date ? `    Last payment: ${slip.payment_date.split('-').reverse().join('-')}` : ''}`, M, y, { width: WIDTH });
  y = doc.y + 60;
  doc.text('Employee signature', M, y, { width: half });
  doc.text('Authorised signatory', M + half, y, { width: half, align: 'right' });
  return head.finish();
}
