/**
 * /exam/question/{exam_id}/{id} (spec 4 §2.4): one question read-only, with its answer and
 * explanation, from the state the questions list passed; opened without it, the list.
 */
import { Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { Button, Card, Descriptions, List, Tag } from 'antd';
import type { PageProps } from '../registry.js';
import type { StaffQuestion } from './examModel.js';

export default function ExamQuestionView(_props: PageProps) {
  const { exam_id } = useParams();
  const navigate = useNavigate();
  const q = (useLocation().state as { question?: StaffQuestion } | null)?.question;
  if (!q) return <Navigate to={`/exam/questions/${exam_id}`} replace />;
  return (
    <Card title={`Question ${q.index + 1}`} style={{ maxWidth: 820 }} extra={<Button onClick={() => navigate(`/exam/questions/${exam_id}`)}>Back</Button>}>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label="Type">MCQ</Descriptions.Item>
        <Descriptions.Item label="Question"><span style={{ whiteSpace: 'pre-wrap' }}>{q.question}</span></Descriptions.Item>
        <Descriptions.Item label="Options">
          <List size="small" dataSource={(q.options ?? []) as string[]} renderItem={(o, i) => (
            <List.Item>{i + 1}. {o} {i === q.answer && <Tag color="green">Answer</Tag>}</List.Item>
          )} />
        </Descriptions.Item>
        <Descriptions.Item label="Explanation"><span style={{ whiteSpace: 'pre-wrap' }}>{q.explanation}</span></Descriptions.Item>
        <Descriptions.Item label="Correct Marks">{q.correct_marks}</Descriptions.Item>
        <Descriptions.Item label="Incorrect Marks">{q.incorrect_marks}</Descriptions.Item>
        <Descriptions.Item label="No Answer Marks">{q.no_answer_marks ?? 0}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
