/**
 * /homework/ (spec 3 §2): the homework staff reach, filtered by class and subject, 50 a page.
 * Each opens its viewer or its submission summary; staff who may delete get Delete. Admins set
 * the school's teacher access here: 'restricted' keeps each teacher to the homework they set.
 */
import { useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { App, Button, Card, Form, Popconfirm, Select, Space, Switch, Table, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useList } from '@refinedev/core';
import type { PageProps } from '../registry.js';
import type { Subject } from '../../../generated/entities/academics.js';
import type { EntityRow } from '../../../shared/wire.js';
import { totalOf } from '../../../shared/plural.js';
import { classSectionLabel } from '../../framework/labels.js';
import { formatDate } from '../../framework/format.js';
import { usePageButton } from '../../framework/useAccess.js';
import { errorText } from '../../framework/useCall.js';
import { callDeclared, useDeclaredCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { useClassesAndYears } from '../useClassesAndYears.js';
import { PICKER } from '../../framework/pickers.js';

const PAGE_SIZE = 50;
type Row = CallData<'homework.list'>[number];

export default function HomeworkList({ resource }: PageProps) {
  const { notification } = App.useApp();
  const canAdd = usePageButton(resource, 'list', 'add');
  const canRemove = usePageButton(resource, 'list', 'remove');
  const canSettings = usePageButton(resource, 'list', 'settings');
  const [filter, setFilter] = useState<{ class_id?: number; subject_id?: number }>({});
  const [page, setPage] = useState(1);
  const [state, setState] = useState<{ rows: Row[]; total: number; loading: boolean }>({ rows: [], total: 0, loading: true });
  const [reload, setReload] = useState(0);
  const { classes, classesLoading } = useClassesAndYears();
  const subjects = useList<EntityRow<Subject>>({
    resource: 'subjects', pagination: { mode: 'off' }, errorNotification: false,
    filters: [{ field: 'class_id', operator: 'eq', value: filter.class_id }], queryOptions: { enabled: filter.class_id !== undefined },
  });
  const remove = useDeclaredCall('homework.remove');

  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    const query = {
      page: String(page), page_size: String(PAGE_SIZE),
      ...(filter.class_id ? { class_id: String(filter.class_id) } : {}), ...(filter.subject_id ? { subject_id: String(filter.subject_id) } : {}),
    };
    callDeclared('homework.list', { query })
      .then(({ data, total }) => live && setState({ rows: data, total: total ?? data.length, loading: false }))
      .catch((e) => { if (live) { setState((s) => ({ ...s, loading: false })); notification.error({ message: errorText(e) }); } });
    return () => { live = false; };
  }, [filter, page, reload, notification]);

  const classOptions = useMemo(() => classes.map((c) => ({ value: c.id, label: classSectionLabel(c) })), [classes]);
  const subjectOptions = (filter.class_id ? subjects.result?.data ?? [] : []).map((s) => ({ value: s.id, label: s.name }));

  return (
    <Card
      title="Homework"
      extra={<Space wrap>{canSettings && <TeacherAccess />}{canAdd && <Link to="/homework/new/"><Button type="primary" icon={<PlusOutlined />}>New Homework</Button></Link>}</Space>}
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      <Form layout="inline" style={{ rowGap: 8, marginBottom: 16 }}>
        <Form.Item label="Class" htmlFor="homework-class">
          <Select id="homework-class" allowClear {...PICKER} placeholder="All classes" style={{ minWidth: 160 }}
            loading={classesLoading} options={classOptions} value={filter.class_id}
            onChange={(v?: number) => { setPage(1); setFilter({ class_id: v }); }} />
        </Form.Item>
        <Form.Item label="Subject" htmlFor="homework-subject">
          <Select id="homework-subject" allowClear {...PICKER} placeholder={filter.class_id ? 'All subjects' : 'Select a class first'}
            style={{ minWidth: 160 }} disabled={!filter.class_id} options={subjectOptions} value={filter.subject_id}
            onChange={(v?: number) => { setPage(1); setFilter((f) => ({ ...f, subject_id: v })); }} />
        </Form.Item>
      </Form>
      <Table<Row>
        rowKey="id" size="middle" loading={state.loading} dataSource={state.rows} scroll={{ x: true }}
        locale={{ emptyText: 'No homework' }}
        pagination={{ current: page, pageSize: PAGE_SIZE, total: state.total, showSizeChanger: false, showTotal: totalOf('homework'), onChange: setPage, hideOnSinglePage: true }}
        columns={[
          { title: 'Title', dataIndex: 'title', render: (v: string, r) => <Link to={`/homework/${r.id}/`}>{v}</Link> },
          { title: 'Class', key: 'class', render: (_, r) => classSectionLabel(r) },
          { title: 'Subject', dataIndex: 'subject', render: (v: string | null) => v ?? '-' },
          { title: 'Submission Date', dataIndex: 'submission_date', render: (v: string) => formatDate(v) },
          { title: 'Solutions', dataIndex: 'solutions_count', render: (v: number) => Number(v ?? 0) },
          {
            title: 'Actions', key: 'actions',
            render: (_, r) => (
              <Space wrap>
                <Link to={`/homework/${r.id}/`}>View</Link>
                <Link to={`/homework/${r.id}/solutions`}>Students</Link>
                {canRemove && (
                  <Popconfirm title={`Delete "${r.title}" and its solutions?`} okText="Delete" okButtonProps={{ danger: true }}
                    onConfirm={async () => { await remove({ params: { id: r.id } }); setReload((n) => n + 1); }}>
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

/** The admins' switch of the school's teacher access setting. */
function TeacherAccess() {
  const { result, query } = useDeclaredQuery('homework.settings');
  const save = useDeclaredCall('homework.saveSettings');
  const [busy, setBusy] = useState(false);
  const restricted = result?.data?.teacher_access_mode === 'restricted';
  return (
    <Space>
      <Switch
        id="teacher-access" checked={restricted} loading={busy || query.isLoading}
        onChange={async (on) => {
          setBusy(true);
          try { await save({ body: { teacher_access_mode: on ? 'restricted' : 'open' } }); await query.refetch(); } finally { setBusy(false); }
        }}
      />
      <label htmlFor="teacher-access">Teachers see only their own homework</label>
    </Space>
  );
}
