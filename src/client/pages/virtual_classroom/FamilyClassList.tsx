/**
 * A family's virtual classes on a phone (spec 4 §2.2, §9): pick the child, optionally a
 * subject; Join opens from five minutes before the start, Watch once the recording is open to
 * students. 'Select Student' when a subject is picked with no child chosen.
 */
import { useMemo, useState } from 'react';
import { Link } from 'react-router';
import { Alert, Button, Card, List, Select, Space, Tag, Typography } from 'antd';
import { formatDateTime } from '../../framework/format.js';
import { readState } from '../../framework/readState.js';
import { StatusTag } from '../../framework/StatusTag.js';
import { useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { VC_CLASS_STATUS, VC_CLASS_STATUS_OPTIONS } from '../../../generated/enums/virtual_classroom.js';
import { ParentStudentPicker } from '../ParentStudentPicker.js';
import { useJoinClock } from './joinClock.js';

type Row = CallData<'virtual-classes.mine'>['classes'][number];

export default function FamilyClassList() {
  return (
    <ParentStudentPicker selectId="vc-student" size="small" title="Virtual Classroom">
      {(student) => <ChildClasses key={student.id} studentId={student.id} />}
    </ParentStudentPicker>
  );
}

export function ChildClasses({ studentId }: { studentId: number | undefined }) {
  const [subject, setSubject] = useState<string | undefined>();
  const { result, query } = useDeclaredQuery('virtual-classes.mine', { params: { student_id: studentId ?? 0 } }, { enabled: !!studentId, refetchInterval: 60_000 });
  const now = useJoinClock();
  const rows = useMemo(() => (result?.data?.classes ?? []) as Row[], [result]);
  const subjects = useMemo(() => [...new Set(rows.map((r) => r.subject).filter((s): s is string => !!s))], [rows]);
  if (!studentId) return subject ? <Alert type="warning" showIcon message="Select Student" /> : null;
  const pending = readState(query, 'Could not load the classes.', !!result?.data);
  if (pending) return pending;
  if (!result.data.access) return <Alert type="info" showIcon message="This student is not on the virtual classroom's access list. Ask the class teacher." />;
  const shown = subject ? rows.filter((r) => r.subject === subject) : rows;
  return (
    <Card size="small" styles={{ body: { paddingBlock: 8 } }}>
      {subjects.length > 1 && (
        <Select aria-label="Subject" allowClear placeholder="All subjects" style={{ width: '100%', marginBottom: 8 }} value={subject}
          options={subjects.map((s) => ({ value: s, label: s }))} onChange={(v?: string) => setSubject(v)} />
      )}
      {!shown.length ? <Alert type="info" showIcon message="No virtual classes yet." /> : (
        <List
          dataSource={shown}
          renderItem={(c) => {
            const open = (c.status === VC_CLASS_STATUS.NOT_STARTED || c.status === VC_CLASS_STATUS.LIVE) && now >= new Date(c.start_time).getTime() - 300_000;
            return (
              <List.Item key={c.id} style={{ display: 'block', paddingInline: 0 }}>
                <Typography.Text strong style={{ overflowWrap: 'anywhere' }}>{c.name}</Typography.Text>
                <div>
                  <Space size={[8, 4]} wrap>
                    {c.subject && <Tag style={{ marginInlineEnd: 0 }}>{c.subject}</Tag>}
                    <Typography.Text type="secondary">{formatDateTime(c.start_time)}</Typography.Text>
                    <StatusTag options={VC_CLASS_STATUS_OPTIONS} value={c.status} />
                  </Space>
                </div>
                <Space size={8} wrap style={{ marginTop: 6 }}>
                  {open && <Link to={`/virtual-classroom/${c.id}?student=${studentId}`}><Button type="primary" size="small">Join</Button></Link>}
                  {c.status === VC_CLASS_STATUS.STREAMING_AVAILABLE && <Link to={`/virtual-classroom/${c.id}?student=${studentId}`}><Button size="small">Watch recording</Button></Link>}
                  <Link to={`/virtual-classroom/${c.id}/questions/?student=${studentId}`}>Questions</Link>
                </Space>
              </List.Item>
            );
          }}
        />
      )}
    </Card>
  );
}
