/**
 * A week of the timetable: on a wide screen a grid of periods (rows) by days (columns), breaks
 * across the whole row and today's column marked; on a phone one day at a time, today first.
 * `of` says what each entry names besides its subject: the teacher (a class's week) or the
 * class (a teacher's week).
 */
import { useState } from 'react';
import { Empty, Grid, List, Segmented, Space, Tag, Typography } from 'antd';
import { DAYS, DAY_LABELS, type Day } from '../../../shared/timetable.js';
import { classSectionLabel } from '../../framework/labels.js';
import { timeRange, today, type Entry, type Timing, type Week } from './timetableModel.js';

const TODAY_BG = '#e6f4ff';

function EntryText({ e, of }: { e: Entry; of: 'class' | 'teacher' }) {
  return (
    <Space direction="vertical" size={0}>
      <Typography.Text strong>{e.subject ?? '—'}</Typography.Text>
      <Typography.Text type="secondary">{of === 'class' ? (e.teacher ?? '') : classSectionLabel(e)}</Typography.Text>
      {e.room && <Typography.Text type="secondary">Room {e.room}</Typography.Text>}
    </Space>
  );
}

export function WeekGrid({ timing, timetable, of, print }: { timing: Timing[]; timetable: Week; of: 'class' | 'teacher'; print?: boolean }) {
  const screens = Grid.useBreakpoint();
  if (!timing.length) return <Empty description="No school timings are set yet." />;
  return !print && screens.md === false
    ? <DayList timing={timing} timetable={timetable} of={of} />
    : <WeekTable timing={timing} timetable={timetable} of={of} mark={!print} />;
}

function WeekTable({ timing, timetable, of, mark }: { timing: Timing[]; timetable: Week; of: 'class' | 'teacher'; mark: boolean }) {
  const now = mark ? today() : null;
  const cell = { border: '1px solid #f0f0f0', padding: '6px 8px', verticalAlign: 'top' } as const;
  return (
    <div style={{ overflowX: 'auto' }}>
      <table style={{ borderCollapse: 'collapse', width: '100%', minWidth: 720 }} aria-label="Timetable">
        <thead>
          <tr>
            <th style={{ ...cell, textAlign: 'left', width: 130 }}>Period</th>
            {DAYS.map((d) => <th key={d} style={{ ...cell, textAlign: 'left', background: d === now ? TODAY_BG : '#fafafa' }}>{DAY_LABELS[d]}{d === now ? ' (today)' : ''}</th>)}
          </tr>
        </thead>
        <tbody>
          {timing.map((p) => (
            <tr key={p.id}>
              <th scope="row" style={{ ...cell, textAlign: 'left', fontWeight: 500 }}>
                {p.name}<br /><Typography.Text type="secondary" style={{ fontWeight: 400 }}>{timeRange(p)}</Typography.Text>
              </th>
              {p.period_type === 0
                ? <td colSpan={DAYS.length} style={{ ...cell, textAlign: 'center', background: '#fafafa' }}><Typography.Text type="secondary">{p.name}</Typography.Text></td>
                : DAYS.map((d) => {
                  const es = timetable[d].filter((e) => e.period_id === p.id);
                  return (
                    <td key={d} style={{ ...cell, background: d === now ? TODAY_BG : undefined }}>
                      {es.map((e) => <EntryText key={e.id} e={e} of={of} />)}
                    </td>
                  );
                })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function DayList({ timing, timetable, of }: { timing: Timing[]; timetable: Week; of: 'class' | 'teacher' }) {
  const now = today();
  const [day, setDay] = useState<Day>(now ?? 'monday');
  return (
    <Space direction="vertical" style={{ width: '100%' }}>
      <Segmented<Day> block value={day} onChange={setDay} aria-label="Day"
        options={DAYS.map((d) => ({ value: d, label: DAY_LABELS[d].slice(0, 3) }))} />
      <Typography.Title level={5} style={{ margin: 0 }}>{DAY_LABELS[day]}{day === now ? ' (today)' : ''}</Typography.Title>
      <List
        size="small" bordered
        dataSource={timing}
        renderItem={(p) => {
          const es = timetable[day].filter((e) => e.period_id === p.id);
          return (
            <List.Item style={p.period_type === 0 ? { background: '#fafafa' } : undefined}>
              <Space align="start" style={{ width: '100%', justifyContent: 'space-between' }}>
                <Space direction="vertical" size={0}>
                  <Typography.Text>{p.name}</Typography.Text>
                  <Typography.Text type="secondary">{timeRange(p)}</Typography.Text>
                </Space>
                <div style={{ textAlign: 'right' }}>
                  {p.period_type === 0 ? <Tag>Break</Tag> : es.length ? es.map((e) => <EntryText key={e.id} e={e} of={of} />) : <Typography.Text type="secondary">Free</Typography.Text>}
                </div>
              </Space>
            </List.Item>
          );
        }}
      />
    </Space>
  );
}
