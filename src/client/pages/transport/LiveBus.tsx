/**
 * The child's school bus on a parent's phone (beyond spec 3): while a trip of the child's route
 * runs, the bus on a map with the child's stop, how long ago it was last heard from and when it
 * should reach the stop (from the route's order and the bus's recent speed). A position over a
 * minute old is said plainly instead of showing a bus that may not be there.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Alert, Card, Descriptions, Typography } from 'antd';
import type { PageProps } from '../registry.js';
import { ParentStudentPicker } from '../ParentStudentPicker.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { liveConnection } from '../../live/useLive.js';
import { minutesToStop, STALE_MS, type Fix } from '../../../shared/bus-eta.js';

const BusMap = lazy(() => import('../../framework/map/BusMap.js').then((m) => ({ default: m.BusMap })));

function ago(ms: number) {
  const s = Math.max(0, Math.round(ms / 1000));
  return s < 60 ? `${s} s ago` : `${Math.floor(s / 60)} min ${s % 60} s ago`;
}

function ChildBus({ studentId }: { studentId: number }) {
  const live = useDeclaredQuery('bus-positions.live', { params: { student_id: studentId } });
  const data = live.query.data?.data;
  const [fixes, setFixes] = useState<Fix[]>([]);
  const [now, setNow] = useState(Date.now());
  const positions = data?.positions;
  const tripId = data?.trip?.id ?? null;
  const refetch = live.query.refetch;
  useEffect(() => { setFixes(positions ?? []); }, [positions]);
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1000);
    const socket = liveConnection();
    const offs = socket ? [
      socket.on('bus_position', (p: { trip_id: number; lat: number; lon: number; speed: number | null; recorded_at: string }) => {
        if (p.trip_id === tripId) setFixes((f) => [...f.slice(-29), { lat: p.lat, lon: p.lon, speed: p.speed, recorded_at: p.recorded_at }]);
      }),
      socket.on('bus_trip', () => void refetch()),
      socket.onResume(() => void refetch()),
    ] : [];
    return () => { clearInterval(timer); offs.forEach((off) => off()); };
  }, [tripId, refetch]);
  if (live.query.isLoading) return null;
  if (!data) return <Alert type="error" showIcon message="Could not load the bus." />;
  if (!data.riding) return <Alert type="info" showIcon message={`${data.student.fullname} does not ride the school bus this year.`} />;
  const stopIndex = data.stops.findIndex((s) => s.id === data.stop_id);
  const stop = data.stops[stopIndex];
  const bus = fixes[fixes.length - 1] ?? null;
  const age = bus ? now - Date.parse(bus.recorded_at) : null;
  const stale = age !== null && age > STALE_MS;
  const eta = bus && !stale ? minutesToStop(fixes, data.stops, stopIndex) : null;
  return (
    <Card title={data.trip ? `${data.trip.route_name}` : data.route?.name} size="small">
      {!data.trip && <Alert type="info" showIcon message="The bus is not on a trip now." description={stop ? `Your stop: ${stop.name}${stop.arr_time ? `, about ${stop.arr_time}` : ''}.` : undefined} style={{ marginBottom: 12 }} />}
      {data.trip && !bus && <Alert type="info" showIcon message="The trip has started; waiting for the bus's first position." style={{ marginBottom: 12 }} />}
      {stale && <Alert data-testid="bus-stale" type="warning" showIcon message={`No position from the bus for ${ago(age!)}: it is not shown on the map because we do not know where it is now.`} style={{ marginBottom: 12 }} />}
      <Suspense fallback={<div style={{ height: 300 }} />}>
        <BusMap label="School bus map" height={300} center={bus && !stale ? bus : stop ?? null} bus={bus && !stale ? bus : null}
          stops={data.stops.map((s) => ({ lat: s.lat, lon: s.lon, label: s.id === data.stop_id ? `${s.name} (your stop)` : s.name }))} />
      </Suspense>
      {data.trip && bus && (
        <Descriptions size="small" column={1} style={{ marginTop: 12 }}>
          <Descriptions.Item label="Last heard">{<span data-testid="bus-age">{ago(age!)}</span>}</Descriptions.Item>
          <Descriptions.Item label="Your stop">{stop?.name}</Descriptions.Item>
          {!stale && <Descriptions.Item label="Reaches your stop">{<span data-testid="bus-eta">{eta === null ? 'Passed your stop' : eta === 0 ? 'Now' : `In about ${eta} min`}</span>}</Descriptions.Item>}
          <Descriptions.Item label="Bus">{data.trip.vehicle} ({data.trip.rto_reg_no}), driver {data.trip.driver}</Descriptions.Item>
          <Descriptions.Item label="Position">{<span data-testid="bus-position">{bus.lat.toFixed(5)}, {bus.lon.toFixed(5)}</span>}</Descriptions.Item>
        </Descriptions>
      )}
      <Typography.Paragraph type="secondary" style={{ marginTop: 8, marginBottom: 0 }}>You see the bus only while a trip of your child's route runs.</Typography.Paragraph>
    </Card>
  );
}

export default function LiveBus(_: PageProps) {
  return (
    <ParentStudentPicker selectId="bus-student" size="small" title="School Bus">
      {(student) => <ChildBus key={student.id} studentId={student.id} />}
    </ParentStudentPicker>
  );
}
