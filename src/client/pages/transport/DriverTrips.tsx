/**
 * The driver's phone (role 5, beyond spec 3): today's routes and trips; Start Trip shares the
 * phone's location (the browser's Geolocation API) every few seconds over the platform's socket,
 * or by a call while the socket is down; End Trip closes the trip.
 */
import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Card, List, Space, Tag, Typography } from 'antd';
import type { PageProps } from '../registry.js';
import { useDeclaredCall, useDeclaredQuery, callDeclared } from '../../framework/useDeclaredCall.js';
import { liveConnection } from '../../live/useLive.js';

/** How often the phone sends where it is. */
const SEND_EVERY_MS = 5000;

export default function DriverTrips(_: PageProps) {
  const today = useDeclaredQuery('bus-trips.today');
  const start = useDeclaredCall('bus-trips.start');
  const end = useDeclaredCall('bus-trips.end');
  const data = today.query.data?.data;
  const running = data?.running ?? null;
  const [sent, setSent] = useState<{ at: string; lat: number; lon: number } | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const last = useRef<GeolocationPosition | null>(null);

  const runningId = running?.id ?? null;
  useEffect(() => {
    if (runningId === null) return;
    if (!('geolocation' in navigator)) { setProblem('This phone cannot share its location.'); return; }
    const watch = navigator.geolocation.watchPosition((p) => { last.current = p; setProblem(null); }, (e) => setProblem(`Location not available: ${e.message}`), { enableHighAccuracy: true, maximumAge: 5000 });
    const send = async () => {
      const p = last.current;
      if (!p) return;
      const payload = { trip_id: runningId, lat: p.coords.latitude, lon: p.coords.longitude, speed: p.coords.speed ?? null, accuracy: p.coords.accuracy ?? null, recorded_at: new Date(p.timestamp).toISOString() };
      const live = liveConnection();
      const answer = live ? await live.send('bus_position', payload, 4000).catch(() => null) : null;
      // The socket is down (or did not answer): the same position by the call.
      if (!answer?.success) await callDeclared('bus-trips.position', { body: payload }).catch((e) => setProblem(String(e?.message ?? e)));
      setSent({ at: new Date().toLocaleTimeString('en-IN'), lat: payload.lat, lon: payload.lon });
    };
    const timer = setInterval(() => void send(), SEND_EVERY_MS);
    const first = setTimeout(() => void send(), 1000);
    return () => { navigator.geolocation.clearWatch(watch); clearInterval(timer); clearTimeout(first); };
  }, [runningId]);

  if (data && !data.driver) return <Alert type="warning" showIcon message="Your login is not a driver of this school's buses." />;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%', maxWidth: 480 }}>
      {running && (
        <Card title={`On trip: ${running.route_name}`}>
          <Typography.Paragraph>Your location is shared every {SEND_EVERY_MS / 1000} seconds while this trip runs.</Typography.Paragraph>
          {sent && <Typography.Paragraph data-testid="last-sent">Last sent at {sent.at}</Typography.Paragraph>}
          {problem && <Alert type="warning" showIcon message={problem} style={{ marginBottom: 12 }} />}
          <Button danger type="primary" size="large" block onClick={async () => { await end({ params: { id: running.id }, body: {} }); setSent(null); await today.query.refetch(); }}>End Trip</Button>
        </Card>
      )}
      <Card title="Today's Routes">
        <List dataSource={data?.routes ?? []} locale={{ emptyText: 'No route is yours to drive' }} renderItem={(r) => (
          <List.Item actions={running ? [] : [<Button key="start" type="primary" onClick={async () => { await start({ body: { route_id: r.id } }); await today.query.refetch(); }}>Start Trip</Button>]}>
            <List.Item.Meta title={r.name} description={`${r.source} → ${r.destination} · ${r.vehicle} (${r.rto_reg_no})`} />
          </List.Item>
        )} />
      </Card>
      <Card title="Today's Trips" size="small">
        <List dataSource={data?.trips ?? []} locale={{ emptyText: 'No trip yet today' }} renderItem={(t) => (
          <List.Item>{t.route_name}: {new Date(t.start_time).toLocaleTimeString('en-IN')} {t.end_time ? `to ${new Date(t.end_time).toLocaleTimeString('en-IN')}` : <Tag color="green">Running</Tag>}</List.Item>
        )} />
      </Card>
    </Space>
  );
}
