/**
 * /question-paper/new and /question-paper/{id} (spec 3 Question papers): class, academic year,
 * subject, the paper's name and its questions in the rich-text editor. Saving needs all four
 * ('Please select Class, AC Year, Subject and also enter Name'); a new paper opens at its own
 * address once created. Print gives the paper as it is handed out: the school, class, subject
 * and year above the questions, without the application around it.
 */
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Alert, App, Button, Card, Input, Space, Spin, Typography } from 'antd';
import { PrinterOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { optionLabel } from '../../framework/labels.js';
import RichTextEditor from '../announcements/RichTextEditor.js';
import RichText from '../announcements/RichText.js';
import { PrintSheet, SchoolHead, printSoon } from '../PrintSheet.js';
import { useClassesAndYears } from '../useClassesAndYears.js';
import { QpPickers, useEnabledYear } from './QpPickers.js';
import { SAVE_NEEDS, type QpPicks } from './qpPicks.js';

type Paper = CallData<'question-papers.one'>;
const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);

export default function QuestionPaperEditor(_props: PageProps) {
  const { id } = useParams();
  const paperId = num(id ?? null);
  const one = useDeclaredQuery('question-papers.one', { params: { id: paperId ?? 0 } }, { enabled: paperId !== undefined });
  if (paperId !== undefined && one.query.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (paperId !== undefined && (one.query.isError || !one.result?.data)) return <Alert type="error" showIcon message="Question paper not found" />;
  return <Editor key={paperId ?? 'new'} paper={paperId !== undefined ? one.result!.data : null} />;
}

function Editor({ paper }: { paper: Paper | null }) {
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { notification } = App.useApp();
  const enabledYear = useEnabledYear();
  const [chosen, setPicks] = useState<QpPicks>(paper
    ? { class_id: paper.class_id, ac_year_id: paper.ac_year_id, subject_id: paper.subject_id }
    : { class_id: num(search.get('class_id')), ac_year_id: num(search.get('ac_year_id')), subject_id: num(search.get('subject_id')) });
  const picks = { ...chosen, ac_year_id: chosen.ac_year_id ?? enabledYear };
  const [name, setName] = useState(paper?.name ?? '');
  const [questions, setQuestions] = useState(paper?.questions ?? '');
  const create = useDeclaredCall('question-papers.create', { errorToast: false });
  const update = useDeclaredCall('question-papers.update', { errorToast: false });
  const school = useDeclaredQuery('school.about', {}, { errorToast: false });
  const { classes, years } = useClassesAndYears();
  const { busy, run } = useBusyAction();

  const save = () => {
    const ready = picks.class_id !== undefined && picks.ac_year_id !== undefined && picks.subject_id !== undefined && name.trim() !== '';
    void run(async () => {
      const body = { class_id: picks.class_id!, ac_year_id: picks.ac_year_id!, subject_id: picks.subject_id!, name: name.trim(), questions };
      if (paper) await update({ params: { id: paper.id }, body });
      else navigate(`/question-paper/${(await create({ body })).id}`, { replace: true });
    }, { problem: ready ? null : SAVE_NEEDS });
  };
  const print = () => (questions.trim() ? printSoon() : notification.info({ message: 'Write the questions first' }));

  const klass = classes.find((c) => c.id === picks.class_id);
  const year = years.find((y) => y.id === picks.ac_year_id);
  return (
    <Card title={paper ? 'Question Paper' : 'New Question Paper'} style={{ maxWidth: 980 }}
      extra={<Button icon={<PrinterOutlined />} onClick={print}>Print</Button>}>
      <Space direction="vertical" size="middle" style={{ width: '100%' }}>
        <QpPickers picks={picks} set={setPicks} idPrefix="qp-edit" />
        <Space direction="vertical" size={4} style={{ width: '100%' }}>
          <label htmlFor="qp-name">Name</label>
          <Input id="qp-name" value={name} maxLength={200} onChange={(e) => setName(e.target.value)} placeholder="e.g. Unit Test 1" />
        </Space>
        <RichTextEditor label="Questions" value={paper?.questions ?? ''} onChange={setQuestions} />
        <Space wrap>
          <Button type="primary" loading={busy} onClick={save}>Save</Button>
          <Button onClick={() => navigate('/question-paper/')}>Back to list</Button>
        </Space>
      </Space>
      <PrintSheet printOnly testId="question-paper-print">
        <SchoolHead school={school.result?.data} />
        <Typography.Title level={3} style={{ textAlign: 'center', margin: '0 0 4px' }}>{name}</Typography.Title>
        <p style={{ textAlign: 'center', margin: '0 0 12px' }}>
          {klass ? `Class ${optionLabel(klass, 'class-section')}` : ''}{paper?.subject ? ` · ${paper.subject}` : ''}{year ? ` · ${year.name}` : ''}
        </p>
        <RichText html={questions} />
      </PrintSheet>
    </Card>
  );
}
