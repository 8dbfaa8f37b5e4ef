/**
 * The printed expense transactions (/finance/reports/expense/transactions/print): the rows the
 * transactions screen hands over (router state), printed 300 ms after they are drawn, then back.
 */
import { useLocation } from 'react-router';
import { Alert } from 'antd';
import type { PageProps } from '../registry.js';
import { formatDate, formatMoney } from '../../framework/format.js';
import { PrintSheet, SchoolHead } from '../PrintSheet.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { periodText, type TransactionsPrint } from './expenseReportModel.js';
import { PrintedTable, usePrintThenBack } from './printParts.js';

export default function ExpenseTransactionsPrint(_props: PageProps) {
  const report = useLocation().state as TransactionsPrint | null;
  // The school's name and address head the sheet; it prints once they have come (or failed to).
  const school = useDeclaredQuery('school.about', {}, { errorToast: false });
  usePrintThenBack(report !== null && !school.query.isLoading);
  if (!report) return <Alert type="warning" showIcon message="Open the report from Expense Transactions, then Print." />;
  return (
    <PrintSheet testId="expense-transactions-print">
      <SchoolHead school={school.query.isSuccess ? school.result.data : null} />
      <PrintedTable
        title={`Expenses ${periodText(report.start, report.end)}${report.filters ? ` (${report.filters})` : ''}`}
        head={['Date', 'Expense', 'Category', 'Vendor', 'Payment Mode', 'Account', 'Total Amount']}
        rows={report.rows.map((r) => [formatDate(r.date), r.title, r.exp_category, r.vendor, r.payment_mode, r.account, formatMoney(r.total_amount)])}
        total={formatMoney(report.total_amount)}
      />
    </PrintSheet>
  );
}
