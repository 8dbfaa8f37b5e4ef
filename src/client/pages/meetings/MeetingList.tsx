/**
 * /meeting/ (spec 3 Meetings): 'Organised by You' for teachers and admins, with Start, End and
 * Cancel from the right state; the invitations for everyone, with the response (changeable while
 * upcoming) and Join while the meeting is on. Phone first: each meeting is a card.
 */
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Card, List, Popconfirm, Segmented, Space, Typography } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../framework/format.js';
import { readState } from '../../framework/readState.js';
import { StatusTag } from '../../framework/StatusTag.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { MEETING_STATUS, MEETING_STATUS_OPTIONS } from '../../../generated/enums/meetings.js';
import type { PageProps } from '../registry.js';

type Meeting = CallData<'meetings.mine'>['organised'][number];

export default function MeetingList({ resource }: PageProps) {
  const canAdd = usePageButton(resource, 'list', 'add');
  const canRespond = usePageButton(resource, 'list', 'respond');
  const canChange = usePageButton(resource, 'list', 'status');
  const navigate = useNavigate();
  const { result, query } = useDeclaredQuery('meetings.mine', {}, { refetchInterval: 30_000 });
  const respond = useDeclaredCall('meetings.respond');
  const status = useDeclaredCall('meetings.status');
  const cancel = useDeclaredCall('meetings.cancel');
  const pending = readState(query, 'Could not load the meetings.', !!result?.data);
  if (pending) return pending;
  const { organised, invitations } = result.data;
  const refresh = () => void query.refetch();

  const item = (m: Meeting, mine: boolean) => (
    <List.Item key={m.id} style={{ display: 'block', paddingInline: 0 }}>
      <Space size={[8, 4]} wrap>
        <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>{m.title}</Typography.Text>
        <StatusTag options={MEETING_STATUS_OPTIONS} value={m.status} />
      </Space>
      <div><Typography.Text type="secondary">{formatDateTime(m.start_time)}{m.organiser && !mine ? ` · by ${m.organiser}` : ''}</Typography.Text></div>
      <Typography.Paragraph ellipsis={{ rows: 2 }} style={{ margin: '4px 0' }}>{m.description}</Typography.Paragraph>
      <Space size={8} wrap>
        {m.status === MEETING_STATUS.ONGOING && <Button type="primary" size="small" onClick={() => navigate(`/meeting/room/${m.id}`)}>Join</Button>}
        {mine && canChange && m.status === MEETING_STATUS.UPCOMING && (
          <Button size="small" type="primary" onClick={async () => { await status({ params: { id: m.id, status: '1' }, body: undefined }); navigate(`/meeting/room/${m.id}`); }}>Start</Button>
        )}
        {mine && canChange && m.status === MEETING_STATUS.ONGOING && (
          <Button size="small" danger onClick={async () => { await status({ params: { id: m.id, status: '2' }, body: undefined }); refresh(); }}>End</Button>
        )}
        {mine && canChange && m.status === MEETING_STATUS.UPCOMING && (
          <Popconfirm title="Cancel this meeting?" onConfirm={async () => { await cancel({ params: { id: m.id }, body: undefined }); refresh(); }}>
            <Button size="small" danger>Cancel</Button>
          </Popconfirm>
        )}
        {!mine && canRespond && m.status === MEETING_STATUS.UPCOMING && (
          <Segmented size="small" value={m.accepted} aria-label="Your response"
            options={[{ value: 1, label: 'Attending' }, { value: 0, label: 'Maybe' }, { value: -1, label: 'Not attending' }]}
            onChange={async (v) => { await respond({ params: { id: m.id, response: String(v) }, body: undefined }); refresh(); }} />
        )}
        <Link to={`/meeting/${m.id}/participants/`}>Participants</Link>
      </Space>
    </List.Item>
  );

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {(canAdd || organised.length > 0) && (
        <Card size="small" title="Organised by You" extra={canAdd && <Link to="/meeting/new"><Button type="primary" icon={<PlusOutlined />}>Schedule</Button></Link>}>
          {organised.length ? <List dataSource={organised} renderItem={(m) => item(m, true)} /> : <Alert type="info" showIcon message="You have not scheduled a meeting." />}
        </Card>
      )}
      <Card size="small" title="Invitations">
        {invitations.length ? <List dataSource={invitations} renderItem={(m) => item(m, false)} /> : <Alert type="info" showIcon message="No invitations." />}
      </Card>
    </Space>
  );
}
