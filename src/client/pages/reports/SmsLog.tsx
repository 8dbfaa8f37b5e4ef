/**
 * SMS log (/reports/sms/): the texts the school sent (text messages, due alerts, ...) with
 * what the provider answered, and how many went today, this week and this month. The server
 * pages and searches the list (it grows with every text), so the screen asks for one page.
 */
import { useEffect, useState } from 'react';
import { App, Card, Col, Input, Row, Statistic, Table } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import type { PageProps } from '../registry.js';
import { formatDateTime } from '../../framework/format.js';
import { totalOf } from '../../../shared/plural.js';
import { errorText } from '../../framework/useCall.js';
import { callDeclared, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';

/** The log answers a page of texts, or with ?card the counts per period. */
type SmsRow = Extract<CallData<'students.smsLog'>, unknown[]>[number];

const PAGE_SIZE = 50;
/** Typing pauses this long before the search is sent. */
const SEARCH_DELAY_MS = 300;
const CARDS: Array<[string, string]> = [['today', 'Today'], ['week', 'This Week'], ['month', 'This Month']];

/** One page of the log for the search text, with how many match in all. */
function useLogPage(page: number, q: string) {
  const { notification } = App.useApp();
  const [state, setState] = useState<{ rows: SmsRow[]; total: number; loading: boolean }>({ rows: [], total: 0, loading: true });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    const timer = setTimeout(() => {
      callDeclared('students.smsLog', { query: { page: String(page), page_size: String(PAGE_SIZE), q: q.trim() } })
        .then(({ data, total }) => live && setState({ rows: Array.isArray(data) ? data : [], total: total ?? 0, loading: false }))
        .catch((e) => {
          if (!live) return;
          setState((s) => ({ ...s, loading: false }));
          notification.error({ message: errorText(e) });
        });
    }, q ? SEARCH_DELAY_MS : 0);
    return () => { live = false; clearTimeout(timer); };
  }, [page, q, notification]);
  return state;
}

export default function SmsLog(_props: PageProps) {
  const [q, setQ] = useState('');
  const [page, setPage] = useState(1);
  const log = useLogPage(page, q);
  const cards = useDeclaredQuery('students.smsLog', { query: { card: '1' } });
  const counts = cards.result?.data && !Array.isArray(cards.result.data) ? cards.result.data : undefined;

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
      <Input.Search aria-label="Search" placeholder="Search mobile or message" allowClear
        onChange={(e) => { setQ(e.target.value); setPage(1); }} style={{ width: 280, marginBottom: 16 }} />
      <Table<SmsRow> rowKey="id" columns={columns} dataSource={log.rows} loading={log.loading} size="middle" scroll={{ x: true }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: log.total, showSizeChanger: false, showTotal: totalOf('message'), onChange: setPage }} />
    </Card>
  );
}
