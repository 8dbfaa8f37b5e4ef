/**
 * The chosen child's Virtual Classroom and the family's Meetings on the parent's dashboard
 * (spec 4 §2.8): today's and the next classes, Join from five minutes before the start, the
 * recordings to watch; the meetings the family is invited to, with their response. Phone first.
 */
import { Button, Card, List, Space, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { formatDateTime } from '../../framework/format.js';
import type { CallData } from '../../framework/useDeclaredCall.js';

type Data = CallData<'students.dashboard'>;
const RESPONSES: Record<number, { label: string; color: string }> = { 1: { label: 'Attending', color: 'green' }, 0: { label: 'No response', color: 'default' }, [-1]: { label: 'Not attending', color: 'red' } };

export function VirtualClassCard({ studentId, section, loading }: { studentId: number; section: NonNullable<Data['virtual_classroom']>; loading: boolean }) {
  return (
    <Card title="Virtual Classroom" size="small" loading={loading} extra={<Link to="/virtual-classroom/">View all</Link>} data-testid="parent-virtual-classroom">
      {!section.access ? <Typography.Text type="secondary">Not on the virtual classroom's access list</Typography.Text> : (
        <>
          <List size="small" dataSource={section.upcoming} locale={{ emptyText: <Typography.Text type="secondary">No classes coming up</Typography.Text> }}
            renderItem={(c) => (
              <List.Item key={c.id} style={{ display: 'block', paddingInline: 0 }}>
                <Space size={[8, 4]} wrap style={{ justifyContent: 'space-between', width: '100%' }}>
                  <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>{c.name}</Typography.Text>
                  {c.joinable && <Link to={`/virtual-classroom/${c.id}?student=${studentId}`}><Button type="primary" size="small">Join</Button></Link>}
                </Space>
                <div><Typography.Text type="secondary">{c.subject ? `${c.subject} · ` : ''}{formatDateTime(c.start_time)}</Typography.Text></div>
              </List.Item>
            )} />
          {section.recordings.length > 0 && (
            <>
              <Typography.Text strong type="secondary" style={{ display: 'block', marginTop: 8 }}>Recordings</Typography.Text>
              <List size="small" dataSource={section.recordings}
                renderItem={(c) => (
                  <List.Item key={c.id} style={{ paddingInline: 0 }}>
                    <Link to={`/virtual-classroom/${c.id}?student=${studentId}`} style={{ overflowWrap: 'anywhere' }}>{c.name}</Link>
                    <Typography.Text type="secondary">{c.subject}</Typography.Text>
                  </List.Item>
                )} />
            </>
          )}
        </>
      )}
    </Card>
  );
}

export function MeetingsCard({ rows, loading }: { rows: NonNullable<Data['meetings']>; loading: boolean }) {
  return (
    <Card title="Meetings" size="small" loading={loading} extra={<Link to="/meeting/">View all</Link>} data-testid="parent-meetings">
      <List size="small" dataSource={rows} locale={{ emptyText: <Typography.Text type="secondary">No meetings coming up</Typography.Text> }}
        renderItem={(m) => (
          <List.Item key={m.id} style={{ display: 'block', paddingInline: 0 }}>
            <Space size={[8, 4]} wrap style={{ justifyContent: 'space-between', width: '100%' }}>
              <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>{m.title}</Typography.Text>
              {m.open ? <Link to={`/meeting/room/${m.id}`}><Button type="primary" size="small">Join</Button></Link>
                : <Tag color={RESPONSES[m.accepted]?.color}>{RESPONSES[m.accepted]?.label}</Tag>}
            </Space>
            <div><Typography.Text type="secondary">{formatDateTime(m.start_time)}{m.organiser ? ` · ${m.organiser}` : ''}</Typography.Text></div>
          </List.Item>
        )} />
    </Card>
  );
}
