/**
 * Receipt of bill {id} (/fees/receipt/:id, the receipt call): the school's copies per sheet
 * (config/schools/<CODE>.json `receipt`; by default two, 'Institution Copy' and 'Student Copy'), each with the school's logo, name, address and phone, the receipt
 * number, the student, class and year, the lines, the installments (refunds negative), the totals
 * (before discount, discount, payable), paid and pending in the Indian format (₹1,23,456.00), and
 * the amount of this receipt's own payment or refund (the one made last) in words. Print opens
 * the browser's print 300 ms after the click, then goes to the student's fee records. Printed,
 * the copies share one A4 sheet, one above the other with a cut line between, each in its share
 * (shrunk to fit when a bill has many installments), without the application's menu, header,
 * banners and footer. On a phone the copies narrow to the screen (tighter padding, text cells
 * that wrap) so every column stays in view; paper is laid out as before.
 */
import { useEffect, useRef } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Card, Space, Spin } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { formatDateTime } from '../../framework/format.js';
import { formatINR } from '../../../shared/money.js';
import {
  FIGURE_LABELS, PRINT_DELAY_MS, isRefund, kindLabel, lineTotal, modeLabel, receiptAmount, receiptFigures, receiptMovement,
  sortedInstallments, type FeeReceiptData,
} from './feesModel.js';
import { classSectionLabel } from '../../framework/labels.js';
import { DATE_FORMAT } from '../../framework/dates.js';
import { receiptSettings } from '../../../shared/school-config.js';
import { schoolConfigNow } from '../../app/schoolConfig.js';

/** Printed on A4 (297 mm tall): margins, the space between the copies, and the height each copy gets. */
const PAGE_MARGIN_MM = 8;
const GAP_MM = 4;
/** The height of each of `n` copies on the sheet (the school's copies per sheet). */
const copyHeight = (n: number) => (297 - 2 * PAGE_MARGIN_MM - (n - 1) * GAP_MM) / n;

const printCss = (HALF_MM: number) => `
.fee-receipt-copy { border: 1px solid #d9d9d9; padding: 16px; background: #fff; font-size: 13px; }
.fee-receipt-copy table { width: 100%; border-collapse: collapse; margin: 8px 0; }
.fee-receipt-copy th, .fee-receipt-copy td { border: 1px solid #e8e8e8; padding: 4px 6px; text-align: left; }
.fee-receipt-copy td.num, .fee-receipt-copy th.num { text-align: right; white-space: nowrap; }
.fee-receipt-copy td.nowrap, .fee-receipt-copy th.nowrap { white-space: nowrap; }
.fee-receipt-copy .refund { color: #cf1322; }
.fee-receipt-copy tr.this-receipt td { font-weight: 600; }
.fee-receipt-head { display: flex; gap: 12px; align-items: center; border-bottom: 1px solid #d9d9d9; padding-bottom: 8px; margin-bottom: 8px; }
.fee-receipt-head img { width: 64px; height: 64px; object-fit: contain; }
.fee-receipt-meta { display: grid; grid-template-columns: 1fr 1fr; gap: 2px 16px; margin-bottom: 8px; }
/*
 * A phone's screen (never paper): less padding, one column of details, a smaller type for the
 * five-column list of payments, headings that wrap and long references that break, so the
 * Amount column stays in view without sideways scrolling.
 */
@media screen and (max-width: 575px) {
  .fee-receipt-sheet > .ant-card-body { padding: 8px; }
  .fee-receipt-copy { padding: 8px; font-size: 12px; }
  .fee-receipt-copy th, .fee-receipt-copy td { padding: 3px 4px; }
  .fee-receipt-copy th.nowrap { white-space: normal; }
  .fee-receipt-copy table.fee-receipt-moves { font-size: 11px; }
  .fee-receipt-copy table.fee-receipt-moves td.wrap { overflow-wrap: anywhere; }
  .fee-receipt-head img { width: 40px; height: 40px; }
  .fee-receipt-meta { grid-template-columns: 1fr; }
}
@page { size: A4 portrait; margin: ${PAGE_MARGIN_MM}mm; }
@media print {
  .ant-layout-sider, .ant-layout-header, .ant-layout-footer, .ant-notification, .ant-message, .ant-alert-banner,
  .ant-float-btn, .no-print, .fee-receipt-sheet > .ant-card-head { display: none !important; }
  html, body, .ant-layout, .ant-layout-content { margin: 0 !important; padding: 0 !important; background: #fff !important; min-height: 0 !important; }
  .fee-receipt-sheet.ant-card { border: 0; box-shadow: none; }
  .fee-receipt-sheet > .ant-card-body { padding: 0; }
  .fee-receipt-copies { display: block !important; }
  /* Each copy its half of the sheet; a dashed line to cut along between them. */
  .fee-receipt-half { height: ${HALF_MM}mm; overflow: hidden; break-inside: avoid; page-break-inside: avoid; }
  .fee-receipt-half + .fee-receipt-half { margin-top: ${GAP_MM}mm; border-top: 1px dashed #999; padding-top: ${GAP_MM}mm; height: ${HALF_MM - GAP_MM}mm; }
  .fee-receipt-copy { border: 0; padding: 0; font-size: 11px; zoom: var(--receipt-fit, 1); }
  .fee-receipt-copy table { margin: 4px 0; }
  .fee-receipt-copy th, .fee-receipt-copy td { padding: 2px 4px; }
  .fee-receipt-head { padding-bottom: 4px; margin-bottom: 4px; }
  .fee-receipt-head img { width: 40px; height: 40px; }
  .fee-receipt-signatory { margin-top: 12px !important; }
}
`;

/**
 * A copy taller than its half (a bill with many lines or installments) is shrunk to fit, so the
 * two copies stay on one sheet; measured whenever the page is printed or shown as printed.
 */
function useFitCopiesToHalfPage() {
  useEffect(() => {
    const fit = () => {
      for (const half of document.querySelectorAll<HTMLElement>('.fee-receipt-half')) {
        const copy = half.querySelector<HTMLElement>('.fee-receipt-copy');
        if (!copy) continue;
        copy.style.setProperty('--receipt-fit', '1');
        const style = getComputedStyle(half);
        const room = half.clientHeight - parseFloat(style.paddingTop) - parseFloat(style.paddingBottom);
        const need = copy.scrollHeight;
        if (room > 0 && need > room) copy.style.setProperty('--receipt-fit', String(Math.floor((room / need) * 100) / 100));
      }
    };
    const media = window.matchMedia('print');
    const onChange = () => (media.matches ? fit() : undefined);
    media.addEventListener('change', onChange);
    window.addEventListener('beforeprint', fit);
    return () => {
      media.removeEventListener('change', onChange);
      window.removeEventListener('beforeprint', fit);
    };
  }, []);
}

export default function FeeReceipt(_props: PageProps) {
  const { id } = useParams();
  const billId = Number(id);
  const navigate = useNavigate();
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const { result, query } = useDeclaredQuery('fee-payments.receipt', { params: { id: billId } }, { enabled: Number.isInteger(billId) });
  useEffect(() => () => clearTimeout(timer.current), []);
  useFitCopiesToHalfPage();
  const receipt = result?.data;
  // The school's receipt (config/schools/<CODE>.json): copies per sheet and their names, header lines, footer, signatory.
  const settings = receiptSettings(schoolConfigNow()?.receipt);

  if (!Number.isInteger(billId)) return <Alert type="error" showIcon message="Invalid Link" />;
  if (query.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (!receipt?.payment) return <Alert type="error" showIcon message="Receipt not found" />;

  const studentId = receipt.student?.id ?? receipt.payment.student_id;
  const print = () => {
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      window.print();
      navigate(`/fees/records/${studentId}`);
    }, PRINT_DELAY_MS);
  };

  return (
    <Card
      className="fee-receipt-sheet"
      title={<span className="no-print">Fee Receipt</span>}
      extra={(
        <Space className="no-print">
          <Button onClick={() => navigate(`/fees/records/${studentId}`)}>Fee Records</Button>
          <Button type="primary" icon={<PrinterOutlined />} onClick={print}>Print</Button>
        </Space>
      )}
    >
      <style>{printCss(copyHeight(settings.copies.length))}</style>
      <div className="fee-receipt-copies" style={{ display: 'flex', flexWrap: 'wrap', gap: 16 }}>
        {settings.copies.map((copy) => (
          <div key={copy} className="fee-receipt-half" style={{ flex: '1 1 420px', minWidth: 0 }}>
            <ReceiptCopy copy={copy} receipt={receipt} settings={settings} />
          </div>
        ))}
      </div>
    </Card>
  );
}

function ReceiptCopy({ copy, receipt, settings }: { copy: string; receipt: FeeReceiptData; settings: ReturnType<typeof receiptSettings> }) {
  const { payment, details = [], student, school } = receipt;
  const installments = sortedInstallments(receipt.installments);
  const f = receiptFigures(receipt);
  // The payment or refund this receipt is for: its number, date and amount head and close the receipt.
  const movement = receiptMovement(installments);
  const own = receiptAmount(movement);
  return (
    <section className="fee-receipt-copy" data-testid="receipt-copy" aria-label={copy}>
      <div className="fee-receipt-head">
        {school?.school_logo && <img src={school.school_logo} alt="School logo" />}
        <div style={{ flex: 1 }}>
          <div style={{ fontSize: 16, fontWeight: 600 }}>{school?.school_name}</div>
          {school?.school_address && <div>{school.school_address}</div>}
          {school?.phone_number && <div>Phone: {school.phone_number}</div>}
          {settings.headerLines.map((line) => <div key={line}>{line}</div>)}
        </div>
        <div style={{ textAlign: 'right' }}>
          <div style={{ fontWeight: 600 }}>{copy}</div>
          <div>Fee Receipt</div>
        </div>
      </div>
      <div className="fee-receipt-meta">
        <div>Receipt No: <b>{movement?.receipt_no ?? '—'}</b></div>
        <div>Date: {formatDateTime(movement?.timestamp ?? payment.timestamp, DATE_FORMAT)}</div>
        <div>Student: <b>{student?.fullname}</b></div>
        <div>Admission No: {student?.admission_no ?? ''}</div>
        <div>Class: {classSectionLabel(receipt.class)}</div>
        <div>Academic Year: {receipt.ac_year?.name ?? payment.ac_year_name ?? ''}</div>
        <div>Bill: {payment.name ?? ''} (#{payment.id})</div>
        {student?.roll_no !== undefined && student?.roll_no !== null && <div>Roll No: {student.roll_no}</div>}
      </div>
      <table>
        <thead>
          <tr><th>Item</th><th className="num">Amount</th><th className="num">Qty</th><th className="num">Total</th></tr>
        </thead>
        <tbody>
          {details.map((d, i) => (
            <tr key={d.id ?? i}>
              <td>{d.fee_item_name}</td>
              <td className="num">{formatINR(Number(d.amount))}</td>
              <td className="num">{d.quantity}</td>
              <td className="num">{formatINR(lineTotal(d))}</td>
            </tr>
          ))}
          <tr><td colSpan={3}>{FIGURE_LABELS.gross}</td><td className="num">{formatINR(f.gross)}</td></tr>
          <tr><td colSpan={3}>{FIGURE_LABELS.discount}</td><td className="num">{formatINR(f.discount)}</td></tr>
          <tr><td colSpan={3}><b>{FIGURE_LABELS.payable}</b></td><td className="num"><b>{formatINR(f.total)}</b></td></tr>
        </tbody>
      </table>
      {installments.length > 0 && (
        <table className="fee-receipt-moves">
          <thead>
            <tr><th className="nowrap">Receipt No</th><th>Date</th><th>Type</th><th>Mode</th><th className="num">Amount</th></tr>
          </thead>
          <tbody>
            {installments.map((i) => (
              <tr key={i.id} className={[isRefund(i) ? 'refund' : '', i.id === movement?.id ? 'this-receipt' : ''].filter(Boolean).join(' ') || undefined}>
                <td>{i.receipt_no ?? ''}</td>
                <td className="nowrap">{formatDateTime(i.timestamp, DATE_FORMAT)}</td>
                <td>{kindLabel(i)}</td>
                <td className="wrap">{[modeLabel(i.mode), i.account, i.extras?.transaction_details].filter(Boolean).join(' · ')}</td>
                <td className="num">{formatINR(Number(i.paid_amount))}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <table>
        <tbody>
          {own && movement && (
            <tr><td>{own.label} on this receipt (No. {movement.receipt_no})</td><td className="num"><b data-testid="receipt-amount">{formatINR(own.amount)}</b></td></tr>
          )}
          <tr><td>{FIGURE_LABELS.paid} (all receipts)</td><td className="num">{formatINR(f.paid)}</td></tr>
          <tr><td>{FIGURE_LABELS.pending}</td><td className="num"><b>{formatINR(f.pending)}</b></td></tr>
        </tbody>
      </table>
      {own && <div>{own.label} in words: <b data-testid="receipt-words">{own.words}</b></div>}
      <div className="fee-receipt-signatory" style={{ display: 'flex', justifyContent: 'flex-end', marginTop: 32 }}>{settings.signatory}</div>
      {settings.footer && <div className="fee-receipt-footer" style={{ marginTop: 8, fontSize: '0.9em' }}>{settings.footer}</div>}
    </section>
  );
}
