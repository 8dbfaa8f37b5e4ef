/** The staff's online tests: each with its questions, full marks and assignments; New Test for roles 3 and 4. */
import { Link } from 'react-router';
import { Button, Card, Space, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { readState } from '../../framework/readState.js';
import { formatDateTime } from '../../framework/format.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';

type Row = CallData<'online-tests.list'>[number];

export function StaffTests({ resource }: PageProps) {
  const canCreate = usePageButton(resource, 'list', 'create');
  const { result, query } = useDeclaredQuery('online-tests.list');
  const pending = readState(query, 'Could not load the tests.', Array.isArray(result?.data));
  return (
    <Card
      title="Online Tests"
      extra={<Space wrap style={{ justifyContent: 'flex-end' }}>
        <Link to="/online-test/questions/"><Button>Question Bank</Button></Link>
        {canCreate && <Link to="/online-test/new"><Button type="primary" icon={<PlusOutlined />}>New Test</Button></Link>}
      </Space>}
    >
      {pending ?? (
        <Table<Row> scroll={{ x: true }}
          rowKey="id" size="middle" dataSource={result!.data} pagination={{ pageSize: 25, hideOnSinglePage: true }}
          columns={[
            { title: 'Test Name', dataIndex: 'name', render: (v, r) => <Link to={`/online-test/${r.id}/questions/`}>{v}</Link> },
            { title: 'Category', dataIndex: 'category', render: (v) => v ?? '—' },
            { title: 'Questions', dataIndex: 'questions', align: 'right' },
            { title: 'Total Marks', dataIndex: 'total_marks', align: 'right' },
            { title: 'Assigned To', dataIndex: 'assignments', align: 'right', render: (v: number) => `${v} ${v === 1 ? 'class' : 'classes'}` },
            { title: 'Created', dataIndex: 'timestamp', render: (v) => formatDateTime(v) },
            {
              title: 'Actions', key: 'a', render: (_, r) => (
                <Space size="small" wrap>
                  <Link to={`/online-test/${r.id}/questions/`}>Questions</Link>
                  <Typography.Text type="secondary">·</Typography.Text>
                  <Link to={`/online-test/${r.id}/assign/`}>Assign</Link>
                </Space>
              ),
            },
          ]}
        />
      )}
    </Card>
  );
}
