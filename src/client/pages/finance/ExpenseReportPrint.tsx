/**
 * The printed expense report (/finance/reports/expense/print): the summary the reports screen
 * hands over (router state), printed 300 ms after it is drawn, then back to that screen.
 * Opened without a report (a reload, a typed address), it says so and goes nowhere.
 */
import { useLocation } from 'react-router';
import { Alert } from 'antd';
import type { PageProps } from '../registry.js';
import { formatMoney } from '../../framework/format.js';
import { PrintSheet, SchoolHead } from '../PrintSheet.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { periodText, typeLabel, type SummaryPrint } from './expenseReportModel.js';
import { PrintedTable, usePrintThenBack } from './printParts.js';

export default function ExpenseReportPrint(_props: PageProps) {
  const report = useLocation().state as SummaryPrint | null;
  // The school's name and address head the sheet; it prints once they have come (or failed to).
  const school = useDeclaredQuery('school.about', {}, { errorToast: false });
  usePrintThenBack(report !== null && !school.query.isLoading);
  if (!report) return <Alert type="warning" showIcon message="Open the report from Finance Reports, then Print." />;
  return (
    <PrintSheet testId="expense-report-print">
      <SchoolHead school={school.query.isSuccess ? school.result.data : null} />
      <PrintedTable
        title={`Expenses by ${typeLabel(report.type).toLowerCase()}, ${periodText(report.start, report.end)}`}
        head={[typeLabel(report.type), 'Expenses', 'Total Amount']}
        rows={report.rows.map((r) => [r.title, String(r.count), formatMoney(r.total_amount)])}
        total={formatMoney(report.total_amount)}
      />
    </PrintSheet>
  );
}
