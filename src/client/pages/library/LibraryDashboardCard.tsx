/**
 * The librarian's home (spec 4 §2.9, "dashboard and library"): books on the shelf and out, the
 * overdue ones with the fine each has run up, and the fines taken this month and in all.
 */
import { Alert, Card, Col, Row, Statistic, Table, Typography } from 'antd';
import { Link } from 'react-router';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { formatDate, formatMoney } from '../../framework/format.js';
import { errorText } from '../../framework/useCall.js';

const col = { xs: 12, md: 6 } as const;

export function LibraryDashboardCard() {
  const { result, query } = useDeclaredQuery('book-issues.dashboard');
  const d = query.isSuccess ? result.data : undefined;
  if (query.isError) return <Alert type="error" showIcon message={errorText(query.error)} style={{ marginBottom: 16 }} />;
  return (
    <Card title="Library" loading={!d} style={{ marginBottom: 16 }} extra={<Link to="/library/books/">Books</Link>} data-testid="library-dashboard">
      {d && (
        <>
          <Row gutter={[16, 16]}>
            <Col {...col}><Statistic title="Books" value={d.books.total} /></Col>
            <Col {...col}><Statistic title="Books Out" value={d.books.out} /></Col>
            <Col {...col}><Statistic title="Overdue" value={d.overdue.count} valueStyle={d.overdue.count ? { color: '#cf1322' } : undefined} /></Col>
            <Col {...col}><Statistic title="Fines This Month" value={formatMoney(d.fines.this_month)} /></Col>
          </Row>
          <Typography.Paragraph type="secondary" style={{ marginTop: 12, marginBottom: 8 }}>
            Fines collected in all {formatMoney(d.fines.collected)} · overdue fines running {formatMoney(d.overdue.fine_due)} at {formatMoney(d.settings.lib_fine_per_day)} a day
          </Typography.Paragraph>
          <Table
            size="small" rowKey="id" pagination={false} scroll={{ x: true }} dataSource={d.overdue.list}
            title={() => <b>Overdue books</b>}
            locale={{ emptyText: <Typography.Text type="secondary">No book is overdue</Typography.Text> }}
            columns={[
              { key: 'book', title: 'Book', render: (_: unknown, r) => `${r.code} · ${r.title}` },
              { key: 'who', title: 'Issued To', render: (_: unknown, r) => r.student ?? r.teacher },
              { key: 'last', title: 'Last Date', render: (_: unknown, r) => formatDate(r.last_date) },
              { key: 'late', title: 'Late By', align: 'right', render: (_: unknown, r) => `${r.days_late} ${r.days_late === 1 ? 'day' : 'days'}` },
              { key: 'fine', title: 'Fine', align: 'right', render: (_: unknown, r) => formatMoney(r.fine_due) },
            ]}
          />
        </>
      )}
    </Card>
  );
}
