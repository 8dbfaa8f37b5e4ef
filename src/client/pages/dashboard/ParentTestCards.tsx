/**
 * The chosen child's assessments on the parent's dashboard: online tests, exams and simple tests,
 * each a card of what is still to take and what is finished with its marks. Phone first: one
 * column of short lines, the name a link to the test's own page.
 */
import { Card, List, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { formatDateTime } from '../../framework/format.js';
import type { CallData } from '../../framework/useDeclaredCall.js';

type Data = CallData<'students.dashboard'>;

/** One line of a card: the test, where it leads, a line under it and its standing. */
interface Line { key: string; name: string; to: string; state?: unknown; meta: string; tag: ReactNode }

const minutes = (seconds: number) => Math.round(seconds / 60);
const from = (start: string | null | undefined) => (start ? ` · from ${formatDateTime(start)}` : '');
const marks = (got: number | null | undefined, of: number | null | undefined) => <Tag color="green">{got ?? 0} / {of ?? 0}</Tag>;

function Lines({ title, rows, empty }: { title: string; rows: Line[]; empty: string }) {
  return (
    <>
      <Typography.Text strong type="secondary" style={{ display: 'block', marginTop: 8 }}>{title}</Typography.Text>
      <List
        size="small" dataSource={rows} locale={{ emptyText: <Typography.Text type="secondary">{empty}</Typography.Text> }}
        renderItem={(l) => (
          <List.Item key={l.key} style={{ display: 'block', paddingInline: 0 }}>
            <Link to={l.to} state={l.state} style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{l.name}</Link>
            <span style={{ marginLeft: 8 }}>{l.tag}</span>
            <div><Typography.Text type="secondary">{l.meta}</Typography.Text></div>
          </List.Item>
        )}
      />
    </>
  );
}

function TestsCard({ title, all, testId, upcoming, finished, loading, what }: {
  title: string; all: string; testId: string; upcoming: Line[]; finished: Line[]; loading: boolean; what: string;
}) {
  return (
    <Card title={title} size="small" extra={<Link to={all}>View all</Link>} data-testid={testId} loading={loading && !upcoming.length && !finished.length}>
      <Lines title="Upcoming" rows={upcoming} empty={`No ${what} to take`} />
      <Lines title="Finished" rows={finished} empty={`No finished ${what} yet`} />
    </Card>
  );
}

const standing = (underWay: boolean, open: boolean) =>
  underWay ? <Tag color="blue">In progress</Tag> : open ? <Tag color="gold">Open now</Tag> : <Tag>Not yet open</Tag>;

export function OnlineTestsCard({ studentId, section, loading }: { studentId: number; section: NonNullable<Data['online_tests']>; loading: boolean }) {
  const state = { student_id: studentId };
  return (
    <TestsCard
      title="Online Tests" all="/online-test/" testId="parent-online-tests" loading={loading} what="online tests"
      upcoming={section.upcoming.map((t) => ({
        key: `u${t.assign_id}`, name: t.name, to: `/online-test/${t.id}`, state,
        meta: `${t.subject ?? 'General'} · ${t.duration} min${from(t.start_time)}`, tag: standing(t.attempt_id != null, t.open),
      }))}
      finished={section.finished.map((t) => ({
        key: `f${t.attempt_id}`, name: t.name, to: `/online-test/${t.id}`, state,
        meta: `${t.subject ?? 'General'} · submitted ${formatDateTime(t.end_time)}`,
        tag: <>{marks(t.marks_obtained, t.total_marks)}{t.passed != null && <Tag color={t.passed ? 'green' : 'red'}>{t.passed ? 'Passed' : 'Not passed'}</Tag>}</>,
      }))}
    />
  );
}

export function ExamsCard({ studentId, section, loading }: { studentId: number; section: NonNullable<Data['exams']>; loading: boolean }) {
  const state = { student_id: studentId };
  return (
    <TestsCard
      title="Exams" all="/exam/" testId="parent-exams" loading={loading} what="exams"
      upcoming={section.upcoming.map((e) => ({
        key: `u${e.exam_assign_id}`, name: e.name, to: `/exam/details/${e.id}`, state,
        meta: `${minutes(e.max_duration)} min · ${e.attempts_left} ${e.attempts_left === 1 ? 'attempt' : 'attempts'} left${from(e.start_time)}`,
        tag: standing(e.attempt_id != null, e.open),
      }))}
      finished={section.finished.map((e) => ({
        key: `f${e.attempt_id}`, name: e.name, to: `/exam/details/${e.id}`, state,
        meta: `Finished ${formatDateTime(e.finished_at)}`, tag: marks(e.marks_obtained, e.total_marks),
      }))}
    />
  );
}

export function SimpleTestsCard({ studentId, section, loading }: { studentId: number; section: NonNullable<Data['simple_tests']>; loading: boolean }) {
  const to = (id: number) => `/simple-test/${id}?student=${studentId}`;
  return (
    <TestsCard
      title="Simple Tests" all="/simple-test/" testId="parent-simple-tests" loading={loading} what="simple tests"
      upcoming={section.upcoming.map((t) => ({
        key: `u${t.id}`, name: t.test_name, to: to(t.id),
        meta: `${t.subject ?? 'General'} · ${t.duration} min${from(t.start_time)}`, tag: standing(t.attempt_id != null, t.open),
      }))}
      finished={section.finished.map((t) => ({
        key: `f${t.attempt_id}`, name: t.test_name, to: to(t.id),
        meta: `${t.subject ?? 'General'} · submitted ${formatDateTime(t.end_time)}`,
        tag: t.marks_obtained != null ? marks(t.marks_obtained, t.max_marks) : <Tag color="gold">Awaiting reply</Tag>,
      }))}
    />
  );
}
