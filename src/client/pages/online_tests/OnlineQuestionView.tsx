/** `/online-test/question/{id}` (spec 4 §2.3): one question of the bank, whole; 'Invalid Link' without an id (spec 4 §8). */
import { useParams } from 'react-router';
import { Card, Descriptions, Result } from 'antd';
import type { PageProps } from '../registry.js';
import { readState } from '../../framework/readState.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { classSectionLabel } from '../../framework/labels.js';
import { QuestionSummary, type StaffQuestion } from './questionParts.js';

export const INVALID_LINK = 'Invalid Link';

export default function OnlineQuestionView(_props: PageProps) {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { result, query } = useDeclaredQuery('online-questions.one', { params: { id } }, { enabled: valid, errorToast: false });
  if (!valid) return <Result status="warning" title={INVALID_LINK} />;
  const pending = readState(query, INVALID_LINK, Boolean(result?.data));
  if (pending) return pending;
  const q = result.data as unknown as StaffQuestion;
  return (
    <Card title="Question" style={{ maxWidth: 820 }}>
      <Descriptions size="small" column={1} style={{ marginBottom: 12 }} items={[
        { key: 'c', label: 'Class', children: q.class ? classSectionLabel({ class: q.class, section: q.section ?? null }) : '—' },
        { key: 's', label: 'Subject', children: q.subject ?? '—' },
      ]} />
      <QuestionSummary q={q} full />
    </Card>
  );
}
