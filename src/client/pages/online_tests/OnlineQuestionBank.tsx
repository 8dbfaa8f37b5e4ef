/** `/online-test/questions/` (spec 4 §2.3): the question bank of a class and subject, with New Question. */
import { useState } from 'react';
import { Link } from 'react-router';
import { Button, Card, Space, Table } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { ClassSubjectPicker, type ClassSubject } from './ClassSubjectPicker.js';
import { QuestionSummary, type StaffQuestion } from './questionParts.js';
import { PICK_BOTH } from './OnlineTestAddQuestions.js';

export default function OnlineQuestionBank(_props: PageProps) {
  const [picks, setPicks] = useState<ClassSubject>({});
  const both = picks.class_id !== undefined && picks.subject_id !== undefined;
  const bank = useDeclaredQuery('online-questions.bank', { params: { class: picks.class_id!, subject: picks.subject_id! } }, { enabled: both });
  const rows = both ? ((bank.result?.data ?? []) as unknown as StaffQuestion[]) : [];
  return (
    <Card title="Question Bank" extra={<Link to="/online-test/question/new"><Button type="primary" icon={<PlusOutlined />}>New Question</Button></Link>}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <ClassSubjectPicker idPrefix="ot-bank" value={picks} onChange={setPicks} />
        <Table<StaffQuestion> scroll={{ x: true }}
          rowKey="id" size="small" dataSource={rows} loading={both && bank.query.isFetching} pagination={{ pageSize: 25, hideOnSinglePage: true }}
          locale={{ emptyText: both ? 'No questions yet for this class and subject.' : PICK_BOTH }}
          columns={[
            { title: 'Question', key: 'q', render: (_, q) => <QuestionSummary q={q} /> },
            { title: 'View', key: 'v', width: 80, render: (_, q) => <Link to={`/online-test/question/${q.id}`}>Open</Link> },
          ]}
        />
      </Space>
    </Card>
  );
}
