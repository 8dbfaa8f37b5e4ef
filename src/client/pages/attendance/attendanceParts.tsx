/** Small pieces the attendance screens share: a class's day row and a day's mark as a tag. */
import { Tag } from 'antd';
import type { CallData } from '../../framework/useDeclaredCall.js';

export type DayRow = CallData<'attendance.classDay'>[number];

/** Present (green), Absent (red) or Not taken (grey). */
export function MarkTag({ present }: { present: number | null }) {
  if (present === 1) return <Tag color="green">Present</Tag>;
  if (present === 0) return <Tag color="red">Absent</Tag>;
  return <Tag>Not taken</Tag>;
}
