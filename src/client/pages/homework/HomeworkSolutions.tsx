/**
 * /homework/{id}/solutions (spec 3 §2, §3): the class's students with how many solutions each
 * submitted and how many are corrected, 50 a page.
 */
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, App, Card, Table, Tag } from 'antd';
import type { PageProps } from '../registry.js';
import { totalOf } from '../../../shared/plural.js';
import { errorText } from '../../framework/useCall.js';
import { callDeclared, type CallData } from '../../framework/useDeclaredCall.js';

const PAGE_SIZE = 50;
type Row = CallData<'homework.summary'>[number];

export default function HomeworkSolutions(_props: PageProps) {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { notification } = App.useApp();
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ rows: Row[]; total: number; loading: boolean; failed?: boolean }>({ rows: [], total: 0, loading: true });
  useEffect(() => {
    if (!valid) return;
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    callDeclared('homework.summary', { params: { id }, query: { page: String(page), page_size: String(PAGE_SIZE) } })
      .then(({ data, total }) => live && setState({ rows: data, total: total ?? data.length, loading: false }))
      .catch((e) => { if (live) { setState({ rows: [], total: 0, loading: false, failed: true }); notification.error({ message: errorText(e) }); } });
    return () => { live = false; };
  }, [id, valid, page, notification]);
  if (!valid) return <Alert type="error" showIcon message="Invalid URL" />;
  return (
    <Card title="Student Solutions" extra={<Link to={`/homework/${id}/`}>Open homework</Link>}>
      <Table<Row>
        rowKey="id" size="middle" loading={state.loading} dataSource={state.rows} scroll={{ x: true }}
        locale={{ emptyText: state.failed ? 'Could not load the students' : 'No students in this class' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: state.total, showSizeChanger: false, showTotal: totalOf('student'), onChange: setPage, hideOnSinglePage: true }}
        columns={[
          { title: 'Roll No', dataIndex: 'roll_no', render: (v: number | null) => v ?? '-' },
          { title: 'Name', dataIndex: 'fullname' },
          { title: 'Admission No', dataIndex: 'admission_no' },
          { title: 'Submitted', dataIndex: 'submitted', render: (v: number) => (v ? <Tag color="blue">{v}</Tag> : <Tag>0</Tag>) },
          { title: 'Corrected', dataIndex: 'corrected', render: (v: number, r) => (v ? <Tag color="green">{v}</Tag> : r.submitted ? <Tag color="gold">0</Tag> : <Tag>0</Tag>) },
        ]}
      />
    </Card>
  );
}
