/**
 * The question palette of the test-taking screen: a numbered button a question, coloured by its
 * state (spec 4 §4), the current one outlined, with the legend of the six states and their counts.
 */
import { Button, Space, Typography } from 'antd';
import { STATE_STYLE, stateCounts, type AnswerEntry, type QuestionState } from './testModel.js';

const LEGEND: QuestionState[] = [1, 4, 2, 3, 5, 0];

export function QuestionPalette({ answers, current, onGo }: { answers: AnswerEntry[]; current: number; onGo: (index: number) => void }) {
  const counts = stateCounts(answers);
  return (
    <div>
      <div role="list" aria-label="Questions" style={{ display: 'grid', gridTemplateColumns: 'repeat(auto-fill, minmax(40px, 1fr))', gap: 8 }}>
        {answers.map((a, i) => {
          const s = STATE_STYLE[a.state];
          return (
            <Button
              key={a.question_id}
              role="listitem"
              aria-label={`Question ${i + 1}: ${s.label}`}
              aria-current={i === current ? 'step' : undefined}
              data-state={a.state}
              onClick={() => onGo(i)}
              style={{
                background: s.background, color: s.text, borderColor: i === current ? '#000' : s.background === '#fff' ? '#d9d9d9' : s.background,
                borderWidth: i === current ? 2 : 1, fontWeight: 600, minHeight: 40, padding: 0,
              }}
            >
              {i + 1}
            </Button>
          );
        })}
      </div>
      <Space direction="vertical" size={2} style={{ marginTop: 12 }}>
        {LEGEND.map((st) => (
          <Space key={st} size={6}>
            <span aria-hidden style={{ display: 'inline-block', width: 14, height: 14, borderRadius: 3, background: STATE_STYLE[st].background, border: '1px solid #d9d9d9' }} />
            <Typography.Text type="secondary" style={{ fontSize: 13 }}>{STATE_STYLE[st].label}: {counts[st]}</Typography.Text>
          </Space>
        ))}
      </Space>
    </div>
  );
}
