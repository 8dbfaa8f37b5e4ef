/**
 * /homework/{id}/ (spec 3 §2, §4): the homework with the students' solutions, newest first.
 * A solution without remarks awaits reply; staff answer it with remarks and an attachment. An
 * image solution (jpg, jpeg, png, gif) can be corrected by drawing on it in red: the drawing is
 * uploaded as a new file and attached to the remarks, the student's image stays as sent.
 */
import { readState } from '../../framework/readState.js';
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Alert, App, Button, Card, Descriptions, Empty, Image, Input, List, Modal, Space, Tag, Typography } from 'antd';
import { EditOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { classSectionLabel } from '../../framework/labels.js';
import { formatDate, formatDateTime } from '../../framework/format.js';
import { uploadFile } from '../../framework/upload.js';
import { usePageButton } from '../../framework/useAccess.js';
import { errorText } from '../../framework/useCall.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import RichText from '../announcements/RichText.js';
import HomeworkCorrectionCanvas from './HomeworkCorrectionCanvas.js';
import HomeworkFileList, { HomeworkAttachment } from './HomeworkFileList.js';
import { isCorrectable, KINDS, solutionStatus, type HomeworkFile, type StaffHomework } from './homeworkModel.js';

type View = Exclude<StaffHomework, unknown[]>;
type Solution = View['solutions'][number];

export default function HomeworkViewer({ resource }: PageProps) {
  const id = Number(useParams().id);
  const valid = Number.isInteger(id) && id > 0;
  const { result, query } = useDeclaredQuery('homework.one', { params: { id } }, { enabled: valid });
  const canRemark = usePageButton(resource, 'viewer', 'remark');
  if (!valid) return <Alert type="error" showIcon message="Invalid URL" />;
  const pending = readState(query, 'Could not load the homework.', !!result?.data && !Array.isArray(result.data));
  if (pending) return pending;
  const hw = result.data as View;
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card
        title={hw.title}
        extra={<Space wrap><Link to={`/homework/${hw.id}/solutions`}>Students</Link><Link to="/homework/">All homework</Link></Space>}
        styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
      >
        <Descriptions size="small" column={{ xs: 1, sm: 2, md: 4 }} items={[
          { key: 'class', label: 'Class', children: classSectionLabel(hw) },
          { key: 'subject', label: 'Subject', children: hw.subject ?? '-' },
          { key: 'date', label: 'Submission Date', children: formatDate(hw.submission_date) },
          { key: 'by', label: 'Set By', children: hw.teacher_name ?? '-' },
        ]} />
        <RichText html={hw.description} />
        <HomeworkFileList files={hw.files as HomeworkFile[]} />
      </Card>
      <Card title={`Solutions (${hw.solutions.length})`}>
        {hw.solutions.length === 0 ? <Empty description="No solutions yet" /> : (
          <List
            dataSource={hw.solutions}
            renderItem={(s) => <SolutionItem key={s.id} solution={s} homeworkId={hw.id} canRemark={canRemark} onSaved={() => void query.refetch()} />}
          />
        )}
      </Card>
    </Space>
  );
}

function SolutionItem({ solution: s, homeworkId, canRemark, onSaved }: { solution: Solution; homeworkId: number; canRemark: boolean; onSaved: () => void }) {
  const { notification } = App.useApp();
  const status = solutionStatus(s);
  const [remarks, setRemarks] = useState('');
  const [attachment, setAttachment] = useState<string | null>(null);
  const [correcting, setCorrecting] = useState<HomeworkFile | null>(null);
  const [uploading, setUploading] = useState(false);
  const [saving, setSaving] = useState(false);
  const remark = useDeclaredCall('homework-solutions.remark');

  const attachDrawing = async (png: Blob) => {
    setUploading(true);
    try {
      const base = correcting!.name.replace(/\.[^.]*$/, '');
      const stored = await uploadFile(png, KINDS.correction, `${base}-corrected.png`);
      setAttachment(stored.path);
      setCorrecting(null);
    } catch (e) {
      notification.error({ message: errorText(e) });
    } finally {
      setUploading(false);
    }
  };

  const save = async () => {
    if (!remarks.trim()) { notification.error({ message: 'Remarks are required' }); return; }
    setSaving(true);
    try {
      await remark({ body: { id: s.id, homework_id: homeworkId, remarks: remarks.trim(), attachment } });
      setRemarks('');
      setAttachment(null);
      onSaved();
    } catch { /* the toast has said why */ } finally {
      setSaving(false);
    }
  };

  return (
    <List.Item style={{ display: 'block' }} data-testid={`solution-${s.id}`}>
      <Space wrap size={[8, 4]}>
        <Typography.Text strong>{s.student_name}</Typography.Text>
        <Tag color={status.color}>{status.label}</Tag>
        <Typography.Text type="secondary">{formatDateTime(s.timestamp)}</Typography.Text>
      </Space>
      <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: '6px 0' }}>{s.description}</Typography.Paragraph>
      <HomeworkFileList
        files={s.files as HomeworkFile[]}
        action={(f) => canRemark && isCorrectable(f.name) && (
          <Button size="small" icon={<EditOutlined />} onClick={() => setCorrecting(f)}>Correct</Button>
        )}
      />
      {s.remarks && (
        <Card size="small" style={{ marginTop: 8, background: '#f6ffed' }}>
          <Typography.Text type="secondary">Remarks{s.teacher_name ? ` by ${s.teacher_name}` : ''}</Typography.Text>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', margin: 0 }}>{s.remarks}</Typography.Paragraph>
          {s.attachment && <HomeworkAttachment path={s.attachment} />}
        </Card>
      )}
      {canRemark && (
        <Space direction="vertical" style={{ width: '100%', marginTop: 8 }}>
          <Input.TextArea rows={2} maxLength={2000} value={remarks} onChange={(e) => setRemarks(e.target.value)}
            aria-label={`Remarks for ${s.student_name}`} placeholder={s.remarks ? 'Change the remarks' : 'Write remarks'} />
          {attachment && (
            <Space wrap>
              <Tag color="red">Corrected image attached</Tag>
              <Image src={attachment} alt="Corrected image" width={120} />
              <Button size="small" onClick={() => setAttachment(null)}>Remove</Button>
            </Space>
          )}
          <Button type="primary" onClick={save} loading={saving}>Save Remarks</Button>
        </Space>
      )}
      <Modal open={!!correcting} title={`Correct ${correcting?.name ?? ''}`} footer={null} width={900} destroyOnHidden onCancel={() => !uploading && setCorrecting(null)}>
        {correcting && <HomeworkCorrectionCanvas src={correcting.url} busy={uploading} onSave={attachDrawing} onCancel={() => setCorrecting(null)} />}
      </Modal>
    </List.Item>
  );
}
