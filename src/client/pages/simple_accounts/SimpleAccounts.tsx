/**
 * Simple accounts (/accounts/): the credit, debit and balance cards (today, this month, in all),
 * the monthly chart of the last twelve months, and the generated list of entries below them.
 * Every figure is the server's (summed in the database), shown as it comes.
 */
import { Alert, Card, Col, Row, Space, Statistic, Typography } from 'antd';
import type { PageProps } from '../registry.js';
import { SeriesDrawing } from '../../framework/charts/index.js';
import { formatMoney } from '../../framework/format.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { errorText } from '../../framework/useCall.js';
import ResourceList from '../../framework/list/ResourceList.js';
import { axisMoney, monthLabel } from './financeModel.js';

const cardCol = { xs: 24, md: 8 } as const;

export default function SimpleAccounts({ resource }: PageProps) {
  const { result, query } = useDeclaredQuery('simple-accounts.dashboard');
  const d = query.isSuccess ? result.data : undefined;
  const cards = d ? [
    { key: 'credit', title: 'Credit', color: '#389e0d', figure: (p: typeof d.total) => p.credit },
    { key: 'debit', title: 'Debit', color: '#cf1322', figure: (p: typeof d.total) => p.debit },
    { key: 'balance', title: 'Balance', color: undefined, figure: (p: typeof d.total) => p.balance },
  ] : [];
  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {query.isError && <Alert type="error" showIcon message={errorText(query.error)} />}
      <Row gutter={[16, 16]}>
        {cards.map((c) => (
          <Col key={c.key} {...cardCol}>
            <Card size="small" title={c.title} data-testid={`accounts-${c.key}`}>
              <Statistic title="Total" value={formatMoney(c.figure(d!.total))} valueStyle={{ color: c.color }} />
              <Space size={24} wrap>
                <Statistic title="This month" value={formatMoney(c.figure(d!.month))} valueStyle={{ fontSize: 16 }} />
                <Statistic title="Today" value={formatMoney(c.figure(d!.today))} valueStyle={{ fontSize: 16 }} />
              </Space>
            </Card>
          </Col>
        ))}
        {!d && query.isLoading && <Col span={24}><Card loading /></Col>}
      </Row>
      {d && (
        <Card size="small" title="Monthly report">
          {d.monthly_report.some((m) => m.credit !== 0 || m.debit !== 0) ? (
            <SeriesDrawing
              kind="bar" height={240} title="Monthly report" desc="Credit and debit entries of each of the last twelve months"
              data={d.monthly_report} categoryKey="month" formatCategory={monthLabel} formatValue={axisMoney}
              series={[{ key: 'credit', label: 'Credit', color: '#52c41a' }, { key: 'debit', label: 'Debit', color: '#ff4d4f' }]}
            />
          ) : <Typography.Text type="secondary">No entries in the last twelve months</Typography.Text>}
        </Card>
      )}
      <ResourceList name={resource.name} />
    </Space>
  );
}
