import { ReloadOutlined } from '@ant-design/icons';
import { Button, Card, List, Segmented, Space, Tag, Typography } from 'antd';
import { useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDate, formatDateTime } from '../../framework/format.js';
import { useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import ParentAnnouncements from '../announcements/ParentAnnouncements.js';
import { ExamsCard, OnlineTestsCard, SimpleTestsCard } from './ParentTestCards.js';
import { MeetingsCard, VirtualClassCard } from './ParentLiveCards.js';
import type { AnnouncementRow } from '../announcements/announcementModel.js';
import { ParentStudentPicker } from '../ParentStudentPicker.js';
import { StudentCard } from '../StudentCard.js';
import type { ParentStudent } from '../useStudents.js';

type View = 'today' | 'last-5-entries';
type Data = CallData<'students.dashboard'>;

/** A line under an item: when, and from whom or for what. */
const Meta = ({ children }: { children: React.ReactNode }) => <div><Typography.Text type="secondary">{children}</Typography.Text></div>;

function HomeworkCard({ student, rows, loading, emptyText }: { student: ParentStudent; rows: NonNullable<Data['homework']>; loading: boolean; emptyText: ReactNode }) {
  return (
    <Card title="Homeworks" size="small" extra={<Link to="/homework/student">View all</Link>} data-testid="parent-homework">
      <List
        size="small" loading={loading} dataSource={rows} locale={{ emptyText }}
        renderItem={(h) => (
          <List.Item key={h.id} style={{ display: 'block', paddingInline: 0 }}>
            <Link to={`/homework/student/${student.id}/${h.id}`} style={{ fontWeight: 600 }}>{h.title}</Link>
            {h.corrected > 0 ? <Tag color="green" style={{ marginLeft: 8 }}>Corrected</Tag> : h.submitted > 0 ? <Tag color="blue" style={{ marginLeft: 8 }}>Submitted</Tag> : null}
            <Meta>{h.subject ?? 'General'} · submit by {formatDate(h.submission_date)}</Meta>
          </List.Item>
        )}
      />
    </Card>
  );
}

function MessagesCard({ rows, loading, emptyText }: { rows: NonNullable<Data['messages']>; loading: boolean; emptyText: ReactNode }) {
  return (
    <Card title="Messages" size="small" extra={<Link to="/messages">View all</Link>} data-testid="parent-messages">
      <List
        size="small" loading={loading} dataSource={rows} locale={{ emptyText }}
        renderItem={(m) => (
          <List.Item key={m.id} style={{ display: 'block', paddingInline: 0 }}>
            <Typography.Text strong>{m.subject}</Typography.Text>
            {m.can_reply && <Link to="/messages" style={{ marginLeft: 8 }}>Reply</Link>}
            <div><Typography.Paragraph ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>{m.message}</Typography.Paragraph></div>
            <Meta>{formatDateTime(m.timestamp)}{m.from ? ` · ${m.from}` : ''}</Meta>
          </List.Item>
        )}
      />
    </Card>
  );
}

/** One child's cards: what is new today, or the last five of each kind. */
function StudentDay({ student }: { student: ParentStudent }) {
  const [view, setView] = useState<View>('today');
  const { result, query } = useDeclaredQuery('students.dashboard', { params: { student_id: student.id }, query: { view } });
  const d = query.isSuccess ? result.data : undefined;
  const loading = query.isFetching;
  // Each card says what it lacks: a bare 'Nothing today' under today's announcement reads as
  // if the announcement were not there. (The List's own empty text is too faint to read; the
  // secondary text colour is not.)
  const emptyText = (what: string) => <Typography.Text type="secondary">{view === 'today' ? `No ${what} today` : `No ${what} yet`}</Typography.Text>;
  return (
    <>
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <Segmented<View>
          value={view} onChange={setView}
          options={[{ value: 'today', label: 'Today' }, { value: 'last-5-entries', label: 'Last 5' }]}
        />
        <Button icon={<ReloadOutlined />} onClick={() => void query.refetch()} loading={loading}>Refresh</Button>
      </Space>
      {(!d || d.announcements) && <ParentAnnouncements rows={(d?.announcements ?? []) as AnnouncementRow[]} loading={loading} emptyText={emptyText('announcements')} />}
      {(!d || d.messages) && <MessagesCard rows={d?.messages ?? []} loading={loading} emptyText={emptyText('messages')} />}
      {(!d || d.homework) && <HomeworkCard student={student} rows={d?.homework ?? []} loading={loading} emptyText={emptyText('homework')} />}
      {/* Classes, meetings and tests are listed whatever the view: what is coming, and the latest finished. */}
      {d?.virtual_classroom && <VirtualClassCard studentId={student.id} section={d.virtual_classroom} loading={loading} />}
      {d?.meetings && <MeetingsCard rows={d.meetings} loading={loading} />}
      {d?.online_tests && <OnlineTestsCard studentId={student.id} section={d.online_tests} loading={loading} />}
      {d?.exams && <ExamsCard studentId={student.id} section={d.exams} loading={loading} />}
      {d?.simple_tests && <SimpleTestsCard studentId={student.id} section={d.simple_tests} loading={loading} />}
    </>
  );
}

/** Role 1 home (spec 4 §2.8): a selector of the parent's students, the chosen student's details, and their day. */
export default function ParentDashboard() {
  return (
    <ParentStudentPicker selectId="student-selector" title="Dashboard">
      {(student) => (
        <>
          <StudentCard student={student} />
          <StudentDay key={student.id} student={student} />
        </>
      )}
    </ParentStudentPicker>
  );
}
