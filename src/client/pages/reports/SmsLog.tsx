/**
 * SMS log (/reports/sms/): the texts the school sent (text messages, due alerts, ...) with
 * what the provider answered, and how many went today, this week and this month.
 */
import { useMemo, useState } from 'react';
import { Card, Col, Input, Row, Statistic, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useCustom } from '@refinedev/core';
import type { PageProps } from '../registry.js';
import { errorNotification } from '../../framework/notify.js';
import { formatDateTime } from '../../framework/format.js';
import { totalOf } from '../../../shared/plural.js';

interface SmsRow { id: number; to: string; message: string; timestamp: string; response: string }
type Counts = { today: number; week: number; month: number };

const PAGE_SIZE = 50;
const CARDS: Array<[keyof Counts, string]> = [['today', 'Today'], ['week', 'This Week'], ['month', 'This Month']];

export default function SmsLog(_props: PageProps) {
  const [q, setQ] = useState('');
  const log = useCustom<SmsRow[]>({ url: '/reports/sms/', method: 'get', errorNotification });
  const cards = useCustom<Counts>({ url: '/reports/sms/?card', method: 'get', errorNotification });
  const rows = useMemo(() => {
    const all = Array.isArray(log.result?.data) ? (log.result.data as SmsRow[]) : [];
    const needle = q.trim().toLowerCase();
    return needle ? all.filter((r) => r.to.includes(needle) || r.message.toLowerCase().includes(needle)) : all;
  }, [log.result, q]);
  const counts = cards.result?.data as Counts | undefined;

  const columns: ColumnsType<SmsRow> = [
    { key: 'id', dataIndex: 'id', title: 'ID', width: 80 },
    { key: 'to', dataIndex: 'to', title: 'To', width: 130 },
    { key: 'message', dataIndex: 'message', title: 'Message' },
    { key: 'timestamp', title: 'Sent', width: 190, render: (_v, r) => formatDateTime(r.timestamp) },
    { key: 'response', dataIndex: 'response', title: 'Response', width: 160 },
  ];

  return (
    <Card title="SMS Log">
      <Row gutter={16} style={{ marginBottom: 16 }}>
        {CARDS.map(([key, title]) => (
          <Col key={key} xs={24} sm={8}><Card size="small"><Statistic title={title} value={counts?.[key] ?? 0} loading={cards.query.isFetching} /></Card></Col>
        ))}
      </Row>
      <Input.Search aria-label="Search" placeholder="Search mobile or message" allowClear onChange={(e) => setQ(e.target.value)} style={{ width: 280, marginBottom: 16 }} />
      <Table<SmsRow> rowKey="id" columns={columns} dataSource={rows} loading={log.query.isFetching} size="middle" scroll={{ x: true }}
        pagination={{ pageSize: PAGE_SIZE, showSizeChanger: false, showTotal: totalOf('message') }} />
    </Card>
  );
}
