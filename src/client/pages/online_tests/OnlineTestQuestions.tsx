/** `/online-test/{test_id}/questions/` (spec 4 §2.3): the test's questions, 25 a page, with Add Questions and Assign. */
import { Link, useParams } from 'react-router';
import { Button, Card, Result, Space, Table } from 'antd';
import type { PageProps } from '../registry.js';
import { readState } from '../../framework/readState.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { QuestionSummary, type StaffQuestion } from './questionParts.js';

/** The spec's page size of this table (spec 4 §9). */
export const TEST_QUESTIONS_PAGE_SIZE = 25;

export default function OnlineTestQuestions({ resource }: PageProps) {
  const testId = Number(useParams().test_id);
  const canAdd = usePageButton(resource, 'questions', 'add');
  const { result, query } = useDeclaredQuery('online-tests.questions', { params: { id: testId } }, { enabled: testId > 0 });
  if (!(testId > 0)) return <Result status="warning" title="Invalid Link" />;
  const pending = readState(query, 'Could not load the test.', Array.isArray(result?.data));
  const rows = (result?.data ?? []) as unknown as Array<StaffQuestion & { index: number }>;
  const total = rows.reduce((s, q) => s + Math.round(q.correct_marks * 100), 0) / 100;
  return (
    <Card
      title="Test Questions"
      extra={<Space wrap>
        {canAdd && <Link to={`/online-test/${testId}/questions/add`}><Button type="primary">Add Questions</Button></Link>}
        <Link to={`/online-test/${testId}/assign/`}><Button>Assign</Button></Link>
      </Space>}
    >
      {pending ?? (
        <Table<StaffQuestion & { index: number }> scroll={{ x: true }}
          rowKey="id" size="small" dataSource={rows} pagination={{ pageSize: TEST_QUESTIONS_PAGE_SIZE, hideOnSinglePage: true }}
          locale={{ emptyText: 'No questions yet: add them from the question bank.' }}
          footer={() => `${rows.length} questions, ${total} marks`}
          columns={[
            { title: '#', dataIndex: 'index', width: 48, render: (v: number) => v + 1 },
            { title: 'Question', key: 'q', render: (_, q) => <QuestionSummary q={q} /> },
            { title: 'View', key: 'v', width: 80, render: (_, q) => <Link to={`/online-test/question/${q.id}`}>Open</Link> },
          ]}
        />
      )}
    </Card>
  );
}
