/**
 * A teacher's own week on their home screen: a row per day with that day's periods (time,
 * class, subject, room), today's row marked. Shows nothing when the login has no teacher record.
 */
import { Card, List, Tag, Typography } from 'antd';
import { Link } from 'react-router';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { classSectionLabel } from '../../framework/labels.js';
import { DAYS, DAY_LABELS } from '../../../shared/timetable.js';
import { today } from './timetableModel.js';

export default function TeacherWeek() {
  const { result, query } = useDeclaredQuery('timetable.mine', {}, { errorToast: false });
  if (query.isLoading) return <Card title="My Timetable" loading style={{ marginBottom: 16 }} />;
  const data = query.isSuccess ? result?.data : undefined;
  if (!data) return null;
  const now = today();
  const total = DAYS.reduce((n, d) => n + data.timetable[d].length, 0);
  return (
    <Card title="My Timetable" style={{ marginBottom: 16 }} extra={<Link to={`/timetable/?by=teacher&teacher_id=${data.teacher.id}`}>Full timetable</Link>}>
      {total === 0 ? <Typography.Text type="secondary">No periods are assigned to you yet.</Typography.Text> : (
        <List
          size="small"
          dataSource={[...DAYS]}
          renderItem={(d) => (
            <List.Item aria-current={d === now ? 'date' : undefined} style={d === now ? { background: '#e6f4ff', paddingInline: 8, borderRadius: 6 } : { paddingInline: 8 }}>
              <div style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'flex-start', gap: 8, width: '100%' }}>
                <Typography.Text strong style={{ flex: 'none', width: 110 }}>
                  {DAY_LABELS[d]}{d === now && <Tag color="blue" style={{ marginLeft: 6 }}>Today</Tag>}
                </Typography.Text>
                <div style={{ display: 'flex', flexWrap: 'wrap', gap: 6, flex: '1 1 240px' }}>
                {data.timetable[d].length === 0 ? <Typography.Text type="secondary">Free</Typography.Text> : data.timetable[d].map((e) => (
                  <Tag key={e.id} style={{ padding: '2px 8px', whiteSpace: 'normal', marginInlineEnd: 0 }}>
                    <Typography.Text type="secondary">{e.period} · {e.start_time}</Typography.Text>{' '}
                    <Typography.Text strong>{classSectionLabel(e)}</Typography.Text>{e.subject ? ` ${e.subject}` : ''}{e.room ? ` · Room ${e.room}` : ''}
                  </Tag>
                ))}
                </div>
              </div>
            </List.Item>
          )}
        />
      )}
    </Card>
  );
}
