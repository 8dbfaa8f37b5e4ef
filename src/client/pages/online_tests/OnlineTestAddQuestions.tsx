/**
 * `/online-test/{test_id}/questions/add` (spec 4 §2.3, §5): questions picked from the bank of a
 * class and subject ('Select both class and subject' until both are chosen) and added to the test.
 */
import { useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { App, Button, Card, Space, Table } from 'antd';
import type { PageProps } from '../registry.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { ClassSubjectPicker, type ClassSubject } from './ClassSubjectPicker.js';
import { QuestionSummary, type StaffQuestion } from './questionParts.js';

export const PICK_BOTH = 'Select both class and subject';

export default function OnlineTestAddQuestions(_props: PageProps) {
  const testId = Number(useParams().test_id);
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const [picks, setPicks] = useState<ClassSubject>({});
  const [chosen, setChosen] = useState<number[]>([]);
  const both = picks.class_id !== undefined && picks.subject_id !== undefined;
  const bank = useDeclaredQuery('online-questions.bank', { params: { class: picks.class_id!, subject: picks.subject_id! } }, { enabled: both });
  const inTest = useDeclaredQuery('online-tests.questions', { params: { id: testId } });
  const have = new Set(((inTest.result?.data ?? []) as unknown as StaffQuestion[]).map((q) => q.id));
  const add = useDeclaredCall('online-tests.addQuestions', { errorToast: false });
  const { busy, run } = useBusyAction();
  const rows = both ? ((bank.result?.data ?? []) as unknown as StaffQuestion[]) : [];
  const save = () => {
    if (!both) { notification.error({ message: PICK_BOTH }); return; }
    void run(async () => {
      await add({ params: { id: testId }, body: { questions: chosen as [number, ...number[]] } });
      navigate(`/online-test/${testId}/questions/`);
    });
  };
  return (
    <Card title="Add Questions" extra={<Button type="primary" loading={busy} disabled={!chosen.length} onClick={save}>Add {chosen.length || ''} to Test</Button>}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <ClassSubjectPicker idPrefix="ot-add" value={picks} onChange={(v) => { setPicks(v); setChosen([]); }} />
        <Table<StaffQuestion> scroll={{ x: true }}
          rowKey="id" size="small" dataSource={rows} loading={both && bank.query.isFetching} pagination={{ pageSize: 25, hideOnSinglePage: true }}
          locale={{ emptyText: both ? 'No questions in the bank for this class and subject.' : PICK_BOTH }}
          rowSelection={{
            selectedRowKeys: chosen, onChange: (keys) => setChosen(keys as number[]),
            getCheckboxProps: (q) => ({ disabled: have.has(q.id), 'aria-label': `Choose question ${q.id}` }),
          }}
          columns={[{ title: 'Question', key: 'q', render: (_, q) => <QuestionSummary q={q} /> }]}
        />
      </Space>
    </Card>
  );
}
