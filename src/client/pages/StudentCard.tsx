import { Card, Descriptions } from 'antd';
import { formatDate } from '../framework/format.js';
import { classSectionLabel } from '../framework/labels.js';
import type { ParentStudent } from './useStudents.js';

/** Read-only details of one of a parent's students. */
export function StudentCard({ student, title = 'Student Profile' }: { student: ParentStudent; title?: string }) {
  return (
    <Card title={title}>
      <Descriptions column={{ xs: 1, sm: 2 }} size="small">
        <Descriptions.Item label="Name">{student.fullname}</Descriptions.Item>
        <Descriptions.Item label="Admission No">{student.admission_no}</Descriptions.Item>
        <Descriptions.Item label="Class">{classSectionLabel(student)}</Descriptions.Item>
        <Descriptions.Item label="Roll No">{student.roll_no ?? ''}</Descriptions.Item>
        <Descriptions.Item label="Mobile">{student.mobile}</Descriptions.Item>
        <Descriptions.Item label="Date of Birth">{formatDate(student.dob)}</Descriptions.Item>
        <Descriptions.Item label="Admission Date">{formatDate(student.admission_date)}</Descriptions.Item>
      </Descriptions>
    </Card>
  );
}
