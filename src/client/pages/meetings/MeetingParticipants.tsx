/** /meeting/{id}/participants/ (spec 3 Meetings): the invitees and their responses; role labels 1 Parent, 2 Teacher, 3 and 4 Admin, else Others. */
import { Link, useParams } from 'react-router';
import { Card, Table, Tag } from 'antd';
import { readState } from '../../framework/readState.js';
import { StatusTag } from '../../framework/StatusTag.js';
import { useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { MEETING_PARTICIPANT_ACCEPTED_OPTIONS } from '../../../generated/enums/meetings.js';

type Row = CallData<'meetings.participants'>['participants'][number];

export default function MeetingParticipants() {
  const { id } = useParams();
  const { result, query } = useDeclaredQuery('meetings.participants', { params: { id: Number(id) } });
  const pending = readState(query, 'Could not load the participants.', !!result?.data);
  if (pending) return pending;
  const { meeting, participants } = result.data;
  return (
    <Card size="small" title={`Participants: ${meeting.title}`} extra={<Link to="/meeting/">Meetings</Link>}>
      <Table<Row> rowKey="id" size="small" dataSource={participants} scroll={{ x: true }} pagination={{ pageSize: 50, hideOnSinglePage: true }}
        columns={[
          { title: 'Name', dataIndex: 'name' },
          { title: 'Email or Username', dataIndex: 'email', render: (v: string | null) => v ?? '-' },
          { title: 'Role', dataIndex: 'role_label', render: (v: string) => <Tag>{v}</Tag> },
          { title: 'Response', dataIndex: 'accepted', render: (v: number) => <StatusTag options={MEETING_PARTICIPANT_ACCEPTED_OPTIONS} value={v} /> },
        ]} />
    </Card>
  );
}
