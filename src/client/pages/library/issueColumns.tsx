/** The columns of an issue history (spec 3 §3 Book issue), shared by a book's and a borrower's history. */
import { BOOK_ISSUE_STATUS_OPTIONS } from '../../../generated/enums/library.js';
import { StatusTag } from '../../framework/StatusTag.js';
import type { TableColumnsType } from 'antd';
import type { CallData } from '../../framework/useDeclaredCall.js';
import { formatDate, formatMoney } from '../../framework/format.js';

export type IssueRow = CallData<'book-issues.bookHistory'>[number];

const status = (r: IssueRow) => <StatusTag options={BOOK_ISSUE_STATUS_OPTIONS} value={r.status} />;

export function issueColumns(show: 'book' | 'borrower'): TableColumnsType<IssueRow> {
  return [
    ...(show === 'book'
      ? [{ key: 'book', title: 'Book', render: (_: unknown, r: IssueRow) => `${r.code} · ${r.title}` }]
      : [{ key: 'borrower', title: 'Issued To', render: (_: unknown, r: IssueRow) => (r.student ? `${r.student} (Student)` : `${r.teacher ?? '—'} (Teacher)`) }]),
    { key: 'issue_date', title: 'Issue Date', render: (_: unknown, r: IssueRow) => formatDate(r.issue_date) },
    { key: 'last_date', title: 'Last Date', render: (_: unknown, r: IssueRow) => formatDate(r.last_date) },
    { key: 'return_date', title: 'Return Date', render: (_: unknown, r: IssueRow) => (r.return_date ? formatDate(r.return_date) : '—') },
    { key: 'fine_amount', title: 'Fine', align: 'right', render: (_: unknown, r: IssueRow) => (r.fine_amount === null ? '—' : formatMoney(r.fine_amount)) },
    { key: 'status', title: 'Status', render: (_: unknown, r: IssueRow) => status(r) },
  ];
}
