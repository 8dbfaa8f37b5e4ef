/** /transportation/trips/: every running bus on one map with its last position and speed, and the trips' record. */
import { lazy, Suspense, useEffect } from 'react';
import { Card, Space, Table, Tag } from 'antd';
import { useList } from '@refinedev/core';
import type { PageProps } from '../registry.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { errorNotification } from '../../framework/notify.js';
import { liveConnection } from '../../live/useLive.js';

const BusMap = lazy(() => import('../../framework/map/BusMap.js').then((m) => ({ default: m.BusMap })));
const kmh = (mps: number | null) => (mps === null ? '' : `${Math.round(mps * 3.6)} km/h`);
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString('en-IN') : '');

export default function Trips(_: PageProps) {
  const running = useDeclaredQuery('bus-trips.running', {}, { refetchInterval: 15_000 });
  const trips = useList<Record<string, any>>({ resource: 'bus-trips', pagination: { currentPage: 1, pageSize: 50 }, sorters: [{ field: 'start_time', order: 'desc' }], errorNotification });
  const refetchRunning = running.query.refetch;
  const refetchTrips = trips.query.refetch;
  useEffect(() => {
    const live = liveConnection();
    if (!live) return;
    const offs = [live.on('bus_position', () => void refetchRunning()), live.on('bus_trip', () => { void refetchRunning(); void refetchTrips(); })];
    return () => offs.forEach((off) => off());
  }, [refetchRunning, refetchTrips]);
  const buses = ((running.query.data?.data as unknown) ?? []) as Array<Record<string, any>>;
  const first = buses.find((b) => b.lat !== null);
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="Running Trips">
        <Suspense fallback={<div style={{ height: 320 }} />}>
          <BusMap label="Running buses" center={first ? { lat: first.lat, lon: first.lon } : null}
            stops={buses.filter((b) => b.lat !== null).map((b) => ({ lat: b.lat, lon: b.lon, label: `${b.route_name}: ${kmh(b.speed)}` }))} />
        </Suspense>
        <Table rowKey="id" size="small" scroll={{ x: true }} pagination={false} dataSource={buses} style={{ marginTop: 12 }} locale={{ emptyText: 'No bus is on a trip now' }}
          columns={[
            { title: 'Route', dataIndex: 'route_name' }, { title: 'Vehicle', render: (_: unknown, b: Record<string, any>) => `${b.vehicle} (${b.rto_reg_no})` },
            { title: 'Driver', dataIndex: 'driver' }, { title: 'Last Position', render: (_: unknown, b: Record<string, any>) => (b.lat === null ? <Tag>None yet</Tag> : `${b.lat.toFixed(5)}, ${b.lon.toFixed(5)} at ${when(b.recorded_at)}`) },
            { title: 'Speed', render: (_: unknown, b: Record<string, any>) => kmh(b.speed) },
          ]} />
      </Card>
      <Card title="Trips">
        <Table rowKey="id" size="small" scroll={{ x: true }} loading={trips.query.isLoading} dataSource={trips.result?.data ?? []} pagination={false}
          columns={[{ title: 'Route', dataIndex: 'route_name' }, { title: 'Driver', dataIndex: 'driver_name' }, { title: 'Date', dataIndex: 'trip_date' }, { title: 'Started', dataIndex: 'start_time', render: when }, { title: 'Ended', dataIndex: 'end_time', render: (v: string | null) => (v ? when(v) : <Tag color="green">Running</Tag>) }]} />
      </Card>
    </Space>
  );
}
