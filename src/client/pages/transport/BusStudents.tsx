/**
 * /transportation/students/ (a year's bus students) and /transportation/students/{route} (one
 * route's, picked up or dropped on it): 50 a page, with pickup and drop stops and the fee.
 */
import { useState } from 'react';
import { Button, Card, Popconfirm, Select, Space, Table, Tag } from 'antd';
import { useList } from '@refinedev/core';
import { useNavigate, useParams } from 'react-router';
import type { PageProps } from '../registry.js';
import { resourceCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { App } from 'antd';
import { errorText } from '../../framework/useCall.js';
import { usePageButton } from '../../framework/useAccess.js';
import { errorNotification } from '../../framework/notify.js';
import { formatMoney } from '../../framework/format.js';
import { ENABLED_YEAR } from '../../../shared/years.js';

export default function BusStudents({ resource }: PageProps) {
  const params = useParams();
  const routeId = params.route_id ? Number(params.route_id) : null;
  const navigate = useNavigate();
  const years = useList<Record<string, any>>({ resource: 'acyears', pagination: { mode: 'off' }, errorNotification });
  const routes = useList<Record<string, any>>({ resource: 'bus-routes', pagination: { mode: 'off' }, errorNotification });
  const [year, setYear] = useState<number | null>(null);
  const [page, setPage] = useState(1);
  const yearId = year ?? (years.result?.data.find((y) => y[ENABLED_YEAR.field] === ENABLED_YEAR.equals) ?? years.result?.data[0])?.id ?? null;
  const query = { page: String(page), page_size: '50' };
  const byYear = useDeclaredQuery('bus-students.byYear', { params: { ac_year_id: yearId ?? 0 }, query }, { enabled: yearId !== null && routeId === null });
  const byRoute = useDeclaredQuery('bus-students.byRoute', { params: { ac_year_id: yearId ?? 0, route_id: routeId ?? 0 }, query }, { enabled: yearId !== null && routeId !== null });
  const list = routeId === null ? byYear : byRoute;
  const { notification } = App.useApp();
  /** Takes a student off the bus: the generated remove, its message as the toast. */
  const remove = async (id: number) => {
    try {
      const res = await resourceCall('bus-students', 'remove', undefined, { id });
      if (res.message) notification.success({ message: res.message });
    } catch (e) {
      notification.error({ message: errorText(e) });
    }
  };
  const mayAdd = usePageButton(resource, 'list', 'add');
  const mayRemove = usePageButton(resource, 'list', 'remove');
  const answer = list.query.data as unknown as { data: Array<Record<string, any>>; meta?: { total: number } } | undefined;
  const route = routes.result?.data.find((r) => r.id === routeId);
  return (
    <Card title={route ? `Bus Students — ${route.name}` : 'Bus Students'} extra={mayAdd && <Button type="primary" onClick={() => navigate('/transportation/students/new')}>Add Student</Button>}>
      <Space wrap style={{ marginBottom: 12 }}>
        <Select aria-label="Academic Year" style={{ width: 160 }} value={yearId ?? undefined} onChange={(v) => { setYear(v); setPage(1); }} options={(years.result?.data ?? []).map((y) => ({ value: y.id, label: y.name }))} />
        <Select aria-label="Route" allowClear placeholder="Every route" style={{ width: 260 }} value={routeId ?? undefined}
          onChange={(v) => navigate(v ? `/transportation/students/${v}` : '/transportation/students/')} options={(routes.result?.data ?? []).map((r) => ({ value: r.id, label: r.name }))} />
      </Space>
      <Table rowKey="id" size="small" scroll={{ x: true }} loading={list.query.isLoading} dataSource={answer?.data ?? []}
        pagination={{ current: page, pageSize: 50, total: answer?.meta?.total ?? 0, onChange: setPage, showSizeChanger: false }}
        columns={[
          { title: 'Student', dataIndex: 'fullname' },
          { title: 'Class', render: (_: unknown, r: Record<string, any>) => (r.class ? `${r.class} - ${r.section}` : '') },
          { title: 'Pickup', render: (_: unknown, r: Record<string, any>) => `${r.pickup} (${r.pickup_route}${r.pickup_time ? `, ${r.pickup_time}` : ''})` },
          { title: 'Drop', render: (_: unknown, r: Record<string, any>) => `${r.drop} (${r.drop_route}${r.drop_time ? `, ${r.drop_time}` : ''})` },
          { title: 'Fee', render: (_: unknown, r: Record<string, any>) => (r.fee ? <Tag color="green">In main fees</Tag> : formatMoney(Number(r.amount))) },
          {
            title: 'Actions', render: (_: unknown, r: Record<string, any>) => (
              <Space>
                <Button size="small" onClick={() => navigate(`/transportation/student/${r.id}`)}>Edit</Button>
                {mayRemove && <Popconfirm title="Remove this student from the bus?" onConfirm={async () => { await remove(r.id); await list.query.refetch(); }}><Button size="small" danger>Remove</Button></Popconfirm>}
              </Space>
            ),
          },
        ]} />
    </Card>
  );
}
