/**
 * `/online-test/{test_id}/attempts/{test_assign_id}/` (spec 4 §2.3, §4): the students' attempts
 * at one assignment (-1 Incomplete, 0 Unknown, 1 Ongoing, 2 Finished) with marks and answers
 * still to mark, each opening its answers; the item analysis of the finished attempts; and
 * sending the results to the marks register.
 */
import { Link, useParams } from 'react-router';
import { Button, Card, Space, Table, Tag } from 'antd';
import type { PageProps } from '../registry.js';
import { StatusTag } from '../../framework/StatusTag.js';
import { formatDateTime } from '../../framework/format.js';
import { readState } from '../../framework/readState.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { ATTEMPT_STATUS_OPTIONS } from '../../../generated/enums/online_tests.js';
import { ItemAnalysis } from './ItemAnalysis.js';

interface Row {
  id: number; student_id: number; name: string; roll_no: number | null; start_time: string; end_time: string | null;
  marks_obtained: number | null; status: number; pending: number | null; passed: boolean | null;
}

export default function OnlineTestAttempts({ resource }: PageProps) {
  const p = useParams();
  const testId = Number(p.test_id);
  const assignId = Number(p.test_assign_id);
  const canSend = usePageButton(resource, 'attempts', 'sendToMarks');
  const { result, query } = useDeclaredQuery('online-test-assignments.attempts', { params: { assign_id: assignId } });
  const send = useDeclaredCall('online-test-assignments.sendToMarks', { errorToast: false });
  const { busy, run } = useBusyAction();
  const pending = readState(query, 'Could not load the attempts.', Array.isArray(result?.data));
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title="Attempts"
        extra={<Space>
          <Link to={`/online-test/${testId}/assign/`}>Assignments</Link>
          {canSend && <Button loading={busy} onClick={() => run(() => send({ params: { assign_id: assignId }, body: undefined }))}>Send to Marks Register</Button>}
        </Space>}
      >
        {pending ?? (
          <Table<Row> scroll={{ x: true }}
            rowKey="id" size="small" dataSource={result!.data as unknown as Row[]} pagination={{ pageSize: 50, hideOnSinglePage: true }}
            locale={{ emptyText: 'No student has started this test yet' }}
            columns={[
              { title: 'Roll No', dataIndex: 'roll_no', width: 80, render: (v) => v ?? '—' },
              { title: 'Student', dataIndex: 'name' },
              { title: 'Start Time', dataIndex: 'start_time', render: (v) => formatDateTime(v) },
              { title: 'End Time', dataIndex: 'end_time', render: (v) => (v ? formatDateTime(v) : '—') },
              { title: 'Status', dataIndex: 'status', render: (v) => <StatusTag options={ATTEMPT_STATUS_OPTIONS} value={v} /> },
              {
                title: 'Marks', dataIndex: 'marks_obtained', render: (v, r) => (
                  <Space size={4}>
                    {v ?? '—'}
                    {r.pending ? <Tag color="orange">{r.pending} to mark</Tag> : null}
                    {r.passed === false && <Tag color="red">Below pass</Tag>}
                  </Space>
                ),
              },
              { title: 'Answers', key: 'a', render: (_, r) => <Link to={`/online-test/${testId}/attempt/${r.id}/answers`}>{r.pending ? 'Mark' : 'View'}</Link> },
            ]}
          />
        )}
      </Card>
      <ItemAnalysis assignId={assignId} />
    </Space>
  );
}
