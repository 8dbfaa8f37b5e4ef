/** A question of the bank as staff read it: type, text, options with the correct ones marked, marks. */
import { Space, Tag, Typography } from 'antd';
import { CheckOutlined } from '@ant-design/icons';
import { QUESTION_TYPE_OPTIONS } from '../../../generated/enums/online_tests.js';
import { FileLinks, RichText } from './QuestionBody.js';
import type { TestFile } from './testModel.js';

export interface StaffQuestion {
  id: number; type: number; question: string; description?: string | null; topic?: string | null; files?: unknown;
  correct_marks: number; incorrect_marks: number | null; no_answer_marks: number | null;
  class?: string | null; section?: string | null; subject?: string | null;
  options: Array<{ id: number; text: string; explanation?: string | null; is_correct?: boolean; files?: unknown }>;
}

export const typeLabel = (t: number) => QUESTION_TYPE_OPTIONS.find((o) => o.value === t)?.label ?? String(t);

export function QuestionSummary({ q, full = false }: { q: StaffQuestion; full?: boolean }) {
  return (
    <Space direction="vertical" size={4} style={{ width: '100%' }}>
      <Space size={[6, 4]} wrap>
        <Tag color="blue">{typeLabel(q.type)}</Tag>
        {q.topic && <Tag>{q.topic}</Tag>}
        <Typography.Text type="secondary">+{q.correct_marks} / {q.incorrect_marks ?? 0} / {q.no_answer_marks ?? 0}</Typography.Text>
      </Space>
      <RichText html={q.question} />
      {full && q.description && <Typography.Paragraph type="secondary">{q.description}</Typography.Paragraph>}
      {full && <FileLinks files={q.files as TestFile[]} />}
      {q.options.length > 0 && (
        <ol style={{ margin: 0, paddingInlineStart: 20 }} type="a">
          {q.options.map((o) => (
            <li key={o.id}>
              <span style={o.is_correct ? { color: '#389e0d', fontWeight: 600 } : undefined}>{o.text}</span>
              {o.is_correct && <CheckOutlined style={{ color: '#389e0d', marginInlineStart: 6 }} aria-label="correct" />}
              {full && o.explanation && <Typography.Text type="secondary"> — {o.explanation}</Typography.Text>}
              {full && <FileLinks files={o.files as TestFile[]} />}
            </li>
          ))}
        </ol>
      )}
    </Space>
  );
}
