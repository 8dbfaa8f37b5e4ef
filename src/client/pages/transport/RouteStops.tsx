/**
 * /transportation/routes/stops/{id}: a route's stops in order with arrival time and amount, and
 * their editor (…/edit). The first and last are the route's source and destination, fixed; the
 * stops between are added, removed and reordered, and the server refuses to remove a stop with
 * students on it, saying how many.
 */
import { useEffect, useState } from 'react';
import { Alert, Button, Card, Input, InputNumber, Select, Space, Table, Typography } from 'antd';
import { useList, useOne } from '@refinedev/core';
import { useNavigate, useParams } from 'react-router';
import type { PageProps } from '../registry.js';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import { usePageButton } from '../../framework/useAccess.js';
import { errorNotification } from '../../framework/notify.js';
import { formatMoney } from '../../framework/format.js';

interface Row { bus_stop_id: number | null; arr_time: string | null; amount: number | null }

export default function RouteStops({ resource }: PageProps) {
  const routeId = Number(useParams().route);
  const editing = window.location.pathname.endsWith('/edit');
  const navigate = useNavigate();
  const route = useOne<Record<string, any>>({ resource: 'bus-routes', id: routeId, errorNotification });
  const stops = useList<Record<string, any>>({ resource: 'bus-route-stops', filters: [{ field: 'route', operator: 'eq', value: routeId }], pagination: { mode: 'off' }, errorNotification });
  const all = useList<Record<string, any>>({ resource: 'bus-stops', pagination: { mode: 'off' }, errorNotification });
  const save = useDeclaredCall('bus-route-stops.save');
  const change = useDeclaredCall('bus-route-stops.change');
  const mayChange = usePageButton(resource, 'stops', 'change');
  const [rows, setRows] = useState<Row[]>([]);
  const r = route.result;
  const answered = stops.result?.data;
  const current = answered ?? [];
  useEffect(() => {
    if (!r) return;
    const current = answered ?? [];
    if (current.length) setRows(current.map((s) => ({ bus_stop_id: s.bus_stop_id, arr_time: s.arr_time, amount: s.amount === null ? null : Number(s.amount) })));
    else setRows([{ bus_stop_id: r.src, arr_time: null, amount: null }, { bus_stop_id: r.dest, arr_time: null, amount: null }]);
  }, [r, answered]);
  const options = (all.result?.data ?? []).map((s) => ({ value: s.id as number, label: s.name as string }));
  const set = (i: number, v: Partial<Row>) => setRows((rs) => rs.map((x, k) => (k === i ? { ...x, ...v } : x)));
  const submit = async () => {
    const body = { route: routeId, stops: rows.map((x) => ({ bus_stop_id: x.bus_stop_id!, arr_time: x.arr_time || null, amount: x.amount })) };
    await (current.length ? change : save)({ body: body as Parameters<typeof save>[0]['body'] });
    await stops.query.refetch();
    navigate(`/transportation/routes/stops/${routeId}`);
  };
  if (!editing) {
    return (
      <Card title={`Stops of ${r?.name ?? 'the route'}`} extra={mayChange && <Button type="primary" onClick={() => navigate(`/transportation/routes/stops/${routeId}/edit`)}>{current.length ? 'Change Stops' : 'Add Stops'}</Button>}>
        <Table rowKey="id" size="small" loading={stops.query.isLoading} dataSource={current} pagination={false} scroll={{ x: true }}
          columns={[{ title: '#', render: (_: unknown, _r: unknown, i: number) => i + 1 }, { title: 'Stop', dataIndex: 'bus_stop' }, { title: 'Arrival Time', dataIndex: 'arr_time' }, { title: 'Amount', dataIndex: 'amount', render: (v: string | null) => (v === null ? '' : formatMoney(Number(v))) }]}
          locale={{ emptyText: 'This route has no stops yet' }} />
      </Card>
    );
  }
  const last = rows.length - 1;
  return (
    <Card title={`${current.length ? 'Change' : 'Add'} stops of ${r?.name ?? 'the route'}`}>
      <Typography.Paragraph type="secondary">The first and last stops are the route's source and destination. Stops after the first need their arrival time and amount.</Typography.Paragraph>
      <Space direction="vertical" style={{ width: '100%' }}>
        {rows.map((x, i) => (
          <Space key={i} wrap>
            <span style={{ width: 24, display: 'inline-block' }}>{i + 1}.</span>
            <Select aria-label={`Stop ${i + 1}`} style={{ width: 220 }} showSearch optionFilterProp="label" options={options} value={x.bus_stop_id ?? undefined} disabled={i === 0 || i === last} onChange={(v) => set(i, { bus_stop_id: v })} placeholder="Bus stop" />
            <Input aria-label={`Arrival time of stop ${i + 1}`} type="time" style={{ width: 120 }} value={x.arr_time ?? ''} onChange={(e) => set(i, { arr_time: e.target.value || null })} />
            <InputNumber aria-label={`Amount of stop ${i + 1}`} min={0} precision={2} style={{ width: 130 }} value={x.amount} onChange={(v) => set(i, { amount: v })} placeholder="Amount" />
            {i > 0 && i < last && <Button onClick={() => setRows((rs) => rs.filter((_, k) => k !== i))}>Remove</Button>}
            {i > 1 && i < last && <Button onClick={() => setRows((rs) => { const c = [...rs]; [c[i - 1], c[i]] = [c[i]!, c[i - 1]!]; return c; })}>Up</Button>}
          </Space>
        ))}
        <Space>
          <Button onClick={() => setRows((rs) => [...rs.slice(0, -1), { bus_stop_id: null, arr_time: null, amount: null }, rs[rs.length - 1]!])}>Add Stop</Button>
          <Button type="primary" onClick={submit} disabled={rows.some((x) => !x.bus_stop_id)}>Save Stops</Button>
        </Space>
        {!r && route.query.isError && <Alert type="error" message="Route not found" />}
      </Space>
    </Card>
  );
}
