/**
 * A parent's report cards (/marks/report-card), phone first: pick a child, then one card per
 * published year with its Download button, stacked so nothing scrolls sideways at 390 px.
 */
import { useState } from 'react';
import { Button, Card, Empty, Spin, Typography } from 'antd';
import { DownloadOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { ParentStudentPicker } from '../ParentStudentPicker.js';
import { download } from '../../framework/csv.js';
import { formatDateTime } from '../../framework/format.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';

export default function ReportCardDownload(_props: PageProps) {
  return (
    <ParentStudentPicker selectId="report-card-student" title="Report Card" size="small">
      {(student) => <Cards key={student.id} studentId={student.id} />}
    </ParentStudentPicker>
  );
}

function Cards({ studentId }: { studentId: number }) {
  const list = useDeclaredQuery('report-cards.published', { params: { student_id: studentId } });
  const fetchCard = useDeclaredCall('report-cards.download');
  const [busy, setBusy] = useState<number | null>(null);
  const cards = list.result?.data ?? [];
  const get = async (yearId: number) => {
    setBusy(yearId);
    try {
      const file = await fetchCard({ params: { student_id: studentId, ac_year_id: yearId } });
      download(file.path, file.name);
    } catch { /* the call's toast said why */ } finally { setBusy(null); }
  };
  if (list.query.isLoading) return <Spin style={{ display: 'block', margin: 32 }} />;
  if (!cards.length) return <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description="No report card is published yet" />;
  return (
    <>
      {cards.map((c) => (
        <Card key={c.ac_year_id} size="small" title={`Academic Year ${c.year}`} style={{ marginBottom: 12 }}>
          <Typography.Paragraph style={{ marginBottom: 8 }}>
            Class {c.class}
            {c.published_at && <><br /><Typography.Text type="secondary">Published {formatDateTime(c.published_at, 'DD-MM-YYYY')}</Typography.Text></>}
          </Typography.Paragraph>
          <Button type="primary" block size="large" icon={<DownloadOutlined />} loading={busy === c.ac_year_id} onClick={() => void get(c.ac_year_id)}>
            Download Report Card
          </Button>
        </Card>
      ))}
    </>
  );
}
