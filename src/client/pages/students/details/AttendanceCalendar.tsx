/**
 * The monthly attendance calendar: each day with a record is green (present) or red (absent),
 * its reason in the day's tooltip; given the school's holidays and weekly off, those days are
 * marked too. Opens on the latest month with attendance.
 */
import { useMemo, useState } from 'react';
import { Calendar, Space, Tag } from 'antd';
import type { Dayjs } from 'dayjs';
import { COLORS } from '../../../app/theme.js';
import { weekdayOf } from '../../../../shared/calendar.js';
import { attendanceByDate, calendarStart, type AttendanceDay } from '../detailsModel.js';

export function AttendanceCalendar({ days, holidays, weeklyOff }: {
  days: Array<Pick<AttendanceDay, 'date' | 'present' | 'reason'>> | undefined;
  holidays?: Array<{ date: string; name: string }>;
  weeklyOff?: string[];
}) {
  const byDate = useMemo(() => attendanceByDate(days), [days]);
  const holidayOn = useMemo(() => new Map((holidays ?? []).map((h) => [h.date, h.name])), [holidays]);
  const [month, setMonth] = useState<Dayjs>(() => calendarStart(days));
  const inMonth = [...byDate.values()].filter((d) => String(d.date).slice(0, 7) === month.format('YYYY-MM'));
  const present = inMonth.filter((d) => Number(d.present) === 1).length;
  const absent = inMonth.filter((d) => Number(d.present) === 0).length;

  return (
    <div data-testid="attendance-calendar">
      <Calendar
        fullscreen={false}
        value={month}
        onPanelChange={(d) => setMonth(d)}
        onChange={(d) => setMonth(d)}
        mode="month"
        fullCellRender={(date, info) => {
          if (info.type !== 'date') return info.originNode;
          const rec = byDate.get(date.format('YYYY-MM-DD'));
          const holiday = holidayOn.get(date.format('YYYY-MM-DD'));
          const off = holiday ?? (weeklyOff?.includes(weekdayOf(date.format('YYYY-MM-DD'))) ? 'Weekly off' : undefined);
          const state = rec ? (Number(rec.present) === 1 ? 'Present' : 'Absent') : null;
          const title = state ? `${date.format('DD MMM YYYY')}: ${state}${rec?.reason ? ` (${rec.reason})` : ''}` : off ? `${date.format('DD MMM YYYY')}: ${off}` : undefined;
          return (
            <div
              className="ant-picker-cell-inner"
              title={title}
              aria-label={title}
              data-attendance={state ?? (holiday ? 'Holiday' : off ? 'Weekly off' : undefined)}
              style={state ? { background: state === 'Present' ? COLORS.success : COLORS.error, color: '#fff', borderRadius: '50%' }
                : holiday ? { background: '#fff7e6', color: '#d46b08', borderRadius: '50%' } : off ? { color: '#595959', background: '#f0f0f0', borderRadius: '50%' } : undefined}
            >
              {date.date()}
            </div>
          );
        }}
      />
      <Space style={{ marginTop: 8 }}>
        <Tag color="green">Present: {present}</Tag>
        <Tag color="red">Absent: {absent}</Tag>
        {holidays && <Tag color="orange">Holiday</Tag>}
      </Space>
    </div>
  );
}
