/**
 * /exam/questions/{id} (spec 4 §2.4): an exam's questions with their marks; each opens
 * read-only, and may be deleted ('Question Deleted'); Add Question and Assign lead on.
 */
import { useNavigate, useParams } from 'react-router';
import { Button, Card, Popconfirm, Space, Table } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import type { PageProps } from '../registry.js';
import { rowsOf, type StaffQuestion } from './examModel.js';

export default function ExamQuestions({ resource }: PageProps) {
  const navigate = useNavigate();
  const id = Number(useParams().id);
  const canAdd = usePageButton(resource, 'questions', 'add');
  const canRemove = usePageButton(resource, 'questions', 'remove');
  const { result, query } = useDeclaredQuery('exams.questions', { params: { id } });
  const remove = useDeclaredCall('exams.removeQuestion');
  const open = (q: StaffQuestion) => navigate(`/exam/question/${id}/${q.id}`, { state: { question: q } });
  const columns = [
    { title: '#', key: 'index', render: (_: unknown, q: StaffQuestion) => q.index + 1, width: 48 },
    { title: 'Question', dataIndex: 'question', key: 'question', render: (v: string, q: StaffQuestion) => (
      <Button type="link" style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }} onClick={() => open(q)}>{v}</Button>
    ) },
    { title: 'Options', key: 'options', render: (_: unknown, q: StaffQuestion) => (q.options ?? []).length },
    { title: 'Correct', dataIndex: 'correct_marks', key: 'correct_marks' },
    { title: 'Incorrect', dataIndex: 'incorrect_marks', key: 'incorrect_marks' },
    { title: 'No Answer', dataIndex: 'no_answer_marks', key: 'no_answer_marks' },
    ...(canRemove ? [{
      title: 'Actions', key: 'actions', render: (_: unknown, q: StaffQuestion) => (
        <Popconfirm title="Delete this question?" okText="Delete" okButtonProps={{ danger: true }}
          onConfirm={async () => { await remove({ params: { id, qid: q.id } }); await query.refetch(); }}>
          <Button danger size="small" icon={<DeleteOutlined />} aria-label={`Delete question ${q.index + 1}`} />
        </Popconfirm>
      ),
    }] : []),
  ];
  return (
    <Card title="Exam Questions" extra={(
      <Space wrap>
        {canAdd && <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate(`/exam/question/${id}/new`)}>Add Question</Button>}
        <Button onClick={() => navigate(`/exam/assign/${id}`)}>Assign</Button>
        <Button onClick={() => navigate('/exam/')}>Exams</Button>
      </Space>
    )}>
      <Table<StaffQuestion> rowKey="id" size="middle" loading={query.isLoading} columns={columns} pagination={false}
        dataSource={rowsOf<StaffQuestion>(result?.data)} locale={{ emptyText: 'No questions yet.' }} scroll={{ x: true }} />
    </Card>
  );
}
