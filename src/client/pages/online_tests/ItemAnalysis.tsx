/**
 * The item analysis of an assignment for its teacher: the spread of marks, how each question fared
 * (right, wrong, unanswered, still to mark) as a chart and as figures, and the questions most missed.
 */
import { Card, Col, Empty, Row, Statistic, Table } from 'antd';
import { StackedBarsDrawing, type BarSeries } from '../../framework/charts/index.js';
import { readState } from '../../framework/readState.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';

interface QuestionFigures {
  question_id: number; index: number; correct: number; wrong: number; unanswered: number; pending: number;
  share_correct: number; share_wrong: number; share_unanswered: number;
}
interface Analysis {
  attempts: number; total_marks: number; pass_marks: number | null; average: number | null; highest: number | null; lowest: number | null;
  passed: number | null; questions: QuestionFigures[]; distribution: Array<{ from_percent: number; to_percent: number; count: number }>;
}

const SERIES: BarSeries[] = [
  { key: 'correct', label: 'Right', color: '#52c41a' },
  { key: 'wrong', label: 'Wrong', color: '#ff4d4f' },
  { key: 'unanswered', label: 'Unanswered', color: '#bfbfbf' },
  { key: 'pending', label: 'To mark', color: '#faad14' },
];

/** Round tick marks up to the number of attempts. */
function ticksFor(max: number): number[] {
  const step = Math.max(1, Math.ceil(max / 5));
  const out: number[] = [];
  for (let v = 0; v <= max; v += step) out.push(v);
  if (out[out.length - 1]! < max) out.push(out[out.length - 1]! + step);
  return out;
}

export function ItemAnalysis({ assignId }: { assignId: number }) {
  const { result, query } = useDeclaredQuery('online-test-assignments.analysis', { params: { assign_id: assignId } });
  const pending = readState(query, 'Could not load the item analysis.', Boolean(result?.data));
  if (pending) return pending;
  const a = result.data as unknown as Analysis;
  if (!a.attempts) return <Card title="Item Analysis"><Empty description="No finished attempts yet" /></Card>;
  const ticks = ticksFor(a.attempts);
  const data = a.questions.map((q) => ({ q: `Q${q.index + 1}`, correct: q.correct, wrong: q.wrong, unanswered: q.unanswered, pending: q.pending }));
  return (
    <Card title="Item Analysis">
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        <Col xs={12} md={4}><Statistic title="Finished" value={a.attempts} /></Col>
        <Col xs={12} md={4}><Statistic title="Average" value={a.average ?? '—'} suffix={`/ ${a.total_marks}`} /></Col>
        <Col xs={12} md={4}><Statistic title="Highest" value={a.highest ?? '—'} /></Col>
        <Col xs={12} md={4}><Statistic title="Lowest" value={a.lowest ?? '—'} /></Col>
        {a.passed !== null && <Col xs={12} md={4}><Statistic title="Passed" value={a.passed} suffix={`of ${a.attempts}`} /></Col>}
      </Row>
      <Row gutter={[24, 16]}>
        <Col xs={24} lg={14}>
          <StackedBarsDrawing
            title="Answers by question" desc="How many students got each question right, wrong, left it unanswered or await marking"
            data={data} categoryKey="q" series={SERIES} max={ticks[ticks.length - 1]!} ticks={ticks}
            width={Math.max(320, Math.min(720, 60 * data.length + 80))} height={260}
          />
          <div style={{ display: 'flex', gap: 16, flexWrap: 'wrap', marginTop: 8 }}>
            {SERIES.map((s) => <span key={s.key}><span style={{ display: 'inline-block', width: 12, height: 12, background: s.color, marginInlineEnd: 6 }} />{s.label}</span>)}
          </div>
        </Col>
        <Col xs={24} lg={10}>
          <Table<QuestionFigures> scroll={{ x: true }}
            rowKey="question_id" size="small" pagination={false} dataSource={a.questions}
            columns={[
              { title: 'Question', dataIndex: 'index', render: (v: number) => `Q${v + 1}` },
              { title: 'Right %', dataIndex: 'share_correct', align: 'right' },
              { title: 'Wrong %', dataIndex: 'share_wrong', align: 'right' },
              { title: 'Unanswered %', dataIndex: 'share_unanswered', align: 'right' },
            ]}
          />
        </Col>
      </Row>
    </Card>
  );
}
