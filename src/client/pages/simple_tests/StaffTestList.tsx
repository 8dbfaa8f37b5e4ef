/**
 * Staff's simple tests (spec 4 §2.5): pick an academic year and a class, see its tests with how
 * many solutions await a reply; open one for its solutions, add one, or delete one.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, Form, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { classSectionLabel } from '../../framework/labels.js';
import { formatDateTime } from '../../framework/format.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { PICKER } from '../../framework/pickers.js';
import { useClassesAndYears } from '../useClassesAndYears.js';
import { ACYEAR_STATUS } from '../../../generated/enums/academics.js';

type Row = CallData<'simple-tests.list'>[number];
const FILTER_KEY = 'simple_test_filter';

function rememberedFilter(): { ac_year?: number; class?: number } {
  try { return JSON.parse(sessionStorage.getItem(FILTER_KEY) ?? '{}') as { ac_year?: number; class?: number }; } catch { return {}; }
}

export default function StaffTestList({ resource }: PageProps) {
  const canAdd = usePageButton(resource, 'list', 'add');
  const canRemove = usePageButton(resource, 'list', 'remove');
  const { classes, years, classesLoading, yearsLoading } = useClassesAndYears();
  const [filter, setFilter] = useState(rememberedFilter);
  const remove = useDeclaredCall('simple-tests.remove');
  // The year in use is the first one listed until another is chosen.
  const year = filter.ac_year ?? years.find((y) => y.status === ACYEAR_STATUS.ENABLED)?.id ?? years[0]?.id;
  useEffect(() => { try { sessionStorage.setItem(FILTER_KEY, JSON.stringify(filter)); } catch { /* not kept */ } }, [filter]);
  const ready = year !== undefined && filter.class !== undefined;
  const { result, query } = useDeclaredQuery('simple-tests.list', { params: { ac_year: year ?? 0, class: filter.class ?? 0 } }, { enabled: ready });
  const rows: Row[] = ready && Array.isArray(result?.data) ? result.data : [];
  const classOptions = useMemo(() => classes.map((c) => ({ value: c.id, label: classSectionLabel(c) })), [classes]);

  return (
    <Card
      title="Simple Test"
      extra={canAdd && <Link to="/simple-test/new"><Button type="primary" icon={<PlusOutlined />}>New Test</Button></Link>}
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      <Form layout="inline" style={{ rowGap: 8, marginBottom: 16 }}>
        <Form.Item label="Academic Year" htmlFor="simple-test-year">
          <Select id="simple-test-year" {...PICKER} style={{ minWidth: 140 }} loading={yearsLoading} value={year}
            options={years.map((y) => ({ value: y.id, label: y.name }))} onChange={(v: number) => setFilter((f) => ({ ...f, ac_year: v }))} />
        </Form.Item>
        <Form.Item label="Class" htmlFor="simple-test-class">
          <Select id="simple-test-class" {...PICKER} placeholder="Select class" style={{ minWidth: 160 }} loading={classesLoading}
            options={classOptions} value={filter.class} onChange={(v: number) => setFilter((f) => ({ ...f, class: v }))} />
        </Form.Item>
      </Form>
      <Table<Row>
        rowKey="id" size="middle" loading={ready && query.isLoading} dataSource={rows} scroll={{ x: true }} pagination={{ pageSize: 50, hideOnSinglePage: true }}
        locale={{ emptyText: ready ? 'No tests for this class' : 'Select a class' }}
        columns={[
          { title: 'Test Name', dataIndex: 'test_name', render: (v: string, r) => <Link to={`/simple-test/${r.id}`}>{v}</Link> },
          { title: 'Subject', dataIndex: 'subject', render: (v: string | null) => v ?? '-' },
          { title: 'Evaluator', dataIndex: 'evaluator_name', render: (v: string | null) => v ?? '-' },
          { title: 'Start Time', dataIndex: 'start_time', render: (v: string | null) => (v ? formatDateTime(v) : 'Any time') },
          { title: 'Duration', dataIndex: 'duration', render: (v: number) => `${v} min` },
          { title: 'Max Marks', dataIndex: 'max_marks' },
          { title: 'Awaiting Reply', dataIndex: 'awaiting' },
          {
            title: 'Actions', key: 'actions',
            render: (_, r) => (
              <Space wrap>
                <Link to={`/simple-test/${r.id}`}>Solutions</Link>
                {canRemove && (
                  <Popconfirm title={`Delete "${r.test_name}" and its solutions?`} okText="Delete" okButtonProps={{ danger: true }}
                    onConfirm={async () => { await remove({ params: { id: r.id } }); await query.refetch(); }}>
                    <Typography.Link type="danger">Delete</Typography.Link>
                  </Popconfirm>
                )}
              </Space>
            ),
          },
        ]}
      />
    </Card>
  );
}
