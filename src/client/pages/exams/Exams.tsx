/**
 * /exam/ (spec 4 §2.4): for staff, the exams with their questions and assignments, to add,
 * open, assign and delete; for a parent or student, the exams of the chosen child's class, each
 * opening its details. One route for both, as the spec gives it.
 */
import { Link, useNavigate } from 'react-router';
import { Alert, Button, Card, List, Popconfirm, Space, Table, Tag, Typography } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { hasRole } from '../../../shared/roles.js';
import { useSession } from '../../app/SessionContext.js';
import { readState } from '../../framework/readState.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { ParentStudentPicker } from '../ParentStudentPicker.js';
import type { PageProps } from '../registry.js';
import { examTime, minutes, type DetailsState, type FamilyExam, type StaffExam, rowsOf } from './examModel.js';

export default function Exams(props: PageProps) {
  const { user } = useSession();
  return hasRole(user, 'family') ? <FamilyExams /> : <StaffExams {...props} />;
}

function StaffExams({ resource }: PageProps) {
  const navigate = useNavigate();
  const canAdd = usePageButton(resource, 'list', 'add');
  const canRemove = usePageButton(resource, 'list', 'remove');
  const canAssign = usePageButton(resource, 'list', 'assign');
  const { result, query } = useDeclaredQuery('exams.list');
  const remove = useDeclaredCall('exams.remove');
  const columns = [
    { title: 'Name', dataIndex: 'name', key: 'name', render: (v: string, e: StaffExam) => <Link to={`/exam/questions/${e.id}`}>{v}</Link> },
    { title: 'Duration', dataIndex: 'max_duration', key: 'max_duration', render: (v: number) => `${minutes(v)} min` },
    { title: 'Start Time', dataIndex: 'start_time', key: 'start_time', render: (v: string | null) => examTime(v) },
    { title: 'Questions', dataIndex: 'questions', key: 'questions' },
    { title: 'Assigned', dataIndex: 'assignments', key: 'assignments' },
    {
      title: 'Actions', key: 'actions', render: (_: unknown, e: StaffExam) => (
        <Space wrap>
          <Button size="small" onClick={() => navigate(`/exam/questions/${e.id}`)}>Questions</Button>
          {canAssign && <Button size="small" onClick={() => navigate(`/exam/assign/${e.id}`)}>Assign</Button>}
          {canRemove && (
            <Popconfirm title="Delete this exam with its questions and attempts?" okText="Delete" okButtonProps={{ danger: true }}
              onConfirm={async () => { await remove({ params: { id: e.id } }); await query.refetch(); }}>
              <Button danger size="small" icon={<DeleteOutlined />} aria-label={`Delete ${e.name}`} />
            </Popconfirm>
          )}
        </Space>
      ),
    },
  ];
  return (
    <Card title="Exams" extra={canAdd && <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate('/exam/new')}>New Exam</Button>}>
      <Table<StaffExam> rowKey="id" size="middle" loading={query.isLoading} columns={columns} pagination={{ pageSize: 25 }}
        dataSource={rowsOf<StaffExam>(result?.data)} locale={{ emptyText: 'No exams yet.' }} scroll={{ x: true }} />
    </Card>
  );
}

function FamilyExams() {
  return (
    <ParentStudentPicker selectId="exam-student" size="small" title="Exams">
      {(student) => <ChildExams key={student.id} studentId={student.id} />}
    </ParentStudentPicker>
  );
}

function ChildExams({ studentId }: { studentId: number }) {
  const { result, query } = useDeclaredQuery('exam-attempts.list', { params: { student_id: studentId } });
  const pending = readState(query, 'Could not load the exams.', Array.isArray(result?.data));
  if (pending) return pending;
  const rows = result.data as FamilyExam[];
  if (!rows.length) return <Alert type="info" showIcon message="No online exams have been set for this class yet." />;
  const state: DetailsState = { student_id: studentId };
  return (
    <Card size="small" styles={{ body: { paddingBlock: 0 } }}>
      <List
        dataSource={rows}
        renderItem={(e) => (
          <List.Item key={e.exam_assign_id} style={{ display: 'block', paddingInline: 0 }}>
            <Link to={`/exam/details/${e.id}`} state={state} style={{ fontWeight: 600, overflowWrap: 'anywhere' }}>{e.name}</Link>
            <div>
              <Space size={[8, 4]} wrap>
                <Typography.Text type="secondary">{minutes(e.max_duration)} min</Typography.Text>
                {e.start_time && <Typography.Text type="secondary">From {examTime(e.start_time)}</Typography.Text>}
                <Tag color={e.attempts >= (e.max_attempts ?? 1) ? 'default' : 'blue'}>Attempts {e.attempts} of {e.max_attempts ?? 1}</Tag>
              </Space>
            </div>
          </List.Item>
        )}
      />
    </Card>
  );
}
