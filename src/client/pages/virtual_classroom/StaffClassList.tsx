/** Staff's list of virtual classes: by class, newest start first; open the room, the questions, the attendance; call off one not yet started. */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { useList } from '@refinedev/core';
import { Button, Card, Form, Popconfirm, Select, Space, Table, Typography } from 'antd';
import { PlusOutlined, SafetyOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { classSectionLabel } from '../../framework/labels.js';
import { formatDateTime } from '../../framework/format.js';
import { StatusTag } from '../../framework/StatusTag.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import { PICKER } from '../../framework/pickers.js';
import { useClassesAndYears } from '../useClassesAndYears.js';
import { VC_CLASS_STATUS, VC_CLASS_STATUS_OPTIONS } from '../../../generated/enums/virtual_classroom.js';
import type { VcClass } from '../../../generated/entities/virtual_classroom.js';
import type { EntityRow } from '../../../shared/wire.js';

type Row = EntityRow<VcClass> & { class?: string; section?: string; subject?: string; teacher?: string };

export default function StaffClassList({ resource }: PageProps) {
  const canAdd = usePageButton(resource, 'list', 'add');
  const canCancel = usePageButton(resource, 'list', 'cancel');
  const { classes, classesLoading } = useClassesAndYears();
  const [classId, setClassId] = useState<number | undefined>();
  const cancel = useDeclaredCall('virtual-classes.cancel');
  const { result, query } = useList<Row>({
    resource: 'virtual-classes', pagination: { pageSize: 100 },
    sorters: [{ field: 'start_time', order: 'desc' }],
    filters: classId ? [{ field: 'class_id', operator: 'eq', value: classId }] : [],
  });
  const rows = result?.data ?? [];
  const classOptions = useMemo(() => classes.map((c) => ({ value: c.id, label: classSectionLabel(c) })), [classes]);
  return (
    <Card
      title="Virtual Classroom"
      extra={(
        <Space wrap>
          <Link to="/virtual-classroom/access/"><Button icon={<SafetyOutlined />}>Access List</Button></Link>
          {canAdd && <Link to="/virtual-classroom/new"><Button type="primary" icon={<PlusOutlined />}>New Class</Button></Link>}
        </Space>
      )}
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      <Form layout="inline" style={{ marginBottom: 16 }}>
        <Form.Item label="Class" htmlFor="vc-class-filter">
          <Select id="vc-class-filter" {...PICKER} allowClear placeholder="All classes" style={{ minWidth: 160 }} loading={classesLoading}
            options={classOptions} value={classId} onChange={(v?: number) => setClassId(v)} />
        </Form.Item>
      </Form>
      <Table<Row>
        rowKey="id" size="middle" loading={query.isLoading} dataSource={rows} scroll={{ x: true }} pagination={{ pageSize: 50, hideOnSinglePage: true }}
        locale={{ emptyText: <Typography.Text type="secondary">{'No virtual classes yet'}</Typography.Text> }}
        columns={[
          { title: 'Name', dataIndex: 'name', render: (v: string, r) => <Link to={`/virtual-classroom/${r.id}`}>{v}</Link> },
          { title: 'Class', key: 'class', render: (_: unknown, r) => (r.class ? `${r.class} ${r.section ?? ''}` : '-') },
          { title: 'Subject', dataIndex: 'subject', render: (v?: string) => v ?? '-' },
          { title: 'Teacher', dataIndex: 'teacher', render: (v?: string) => v ?? '-' },
          { title: 'Start', dataIndex: 'start_time', render: (v: string) => formatDateTime(v) },
          { title: 'End', dataIndex: 'end_time', render: (v: string) => formatDateTime(v) },
          { title: 'Status', dataIndex: 'status', render: (v: number) => <StatusTag options={VC_CLASS_STATUS_OPTIONS} value={v} /> },
          {
            title: 'Actions', key: 'actions', render: (_: unknown, r) => (
              <Space wrap size={4}>
                <Link to={`/virtual-classroom/${r.id}`}>Room</Link>
                <Link to={`/virtual-classroom/${r.id}/questions/`}>Questions</Link>
                {canCancel && r.status === VC_CLASS_STATUS.NOT_STARTED && (
                  <Popconfirm title="Call off this class?" onConfirm={async () => { await cancel({ params: { id: r.id }, body: undefined }); await query.refetch(); }}>
                    <Button size="small" danger>Cancel</Button>
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
