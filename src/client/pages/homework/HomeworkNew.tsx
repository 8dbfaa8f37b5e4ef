/**
 * /homework/new/ (spec 3 §2, §5): title, class, subject, submission date, a rich-text
 * description and files of the homework types (documents, mp4, webm, mp3). The checks and their
 * words are the payload schema's, so the form refuses what the server would. After 'Homework
 * Added' the list opens.
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Form, Input, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useList } from '@refinedev/core';
import type { PageProps } from '../registry.js';
import type { Subject } from '../../../generated/entities/academics.js';
import type { EntityRow } from '../../../shared/wire.js';
import { declaredCall } from '../../../shared/calls.js';
import { hasRichText } from '../../../shared/richText.js';
import { uploadRule } from '../../framework/upload.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { classSectionLabel } from '../../framework/labels.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, type CallInput } from '../../framework/useDeclaredCall.js';
import { useClassesAndYears } from '../useClassesAndYears.js';
import RichTextEditor from '../announcements/RichTextEditor.js';
import HomeworkUploads, { storedOf, type PickedFile } from './HomeworkUploads.js';
import { KINDS } from './homeworkModel.js';
import { DateItem } from '../../framework/DateInput.js';
import { PICKER } from '../../framework/pickers.js';

const CREATE = declaredCall('homework.create').def.payload!;
const rules = (field: string) => payloadRules(CREATE, field);
type Body = CallInput<'homework.create'>['body'];
interface Values { title?: string; class_id?: number; subject_id?: number; submission_date?: Dayjs; description?: string }

export default function HomeworkNew(_props: PageProps) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const classId = Form.useWatch('class_id', form);
  const { classes, classesLoading } = useClassesAndYears();
  const subjects = useList<EntityRow<Subject>>({
    resource: 'subjects', pagination: { mode: 'off' }, errorNotification: false,
    filters: [{ field: 'class_id', operator: 'eq', value: classId }], queryOptions: { enabled: classId !== undefined },
  });
  const [files, setFiles] = useState<PickedFile[]>([]);
  const create = useDeclaredCall('homework.create', { errorToast: false });
  const { busy, run } = useBusyAction();
  const classOptions = useMemo(() => classes.map((c) => ({ value: c.id, label: classSectionLabel(c) })), [classes]);

  const send = (v: Values) => run(async () => {
    await create({
      body: {
        title: v.title!.trim(), class_id: v.class_id!, subject_id: v.subject_id ?? null, description: v.description!,
        submission_date: v.submission_date!.format('YYYY-MM-DD'),
        // The schema caps files at ten (typed as fixed-length lists); the picker keeps to that.
        files: storedOf(files) as Body['files'],
      },
    });
    navigate('/homework/');
  });

  return (
    <Card title="New Homework" style={{ maxWidth: 820 }}>
      <Form<Values> form={form} layout="vertical" name="homework" onFinish={send} disabled={busy}>
        <Form.Item label="Title" name="title" rules={rules('title')}>
          <Input maxLength={CREATE.properties.title.maxLength} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item label="Class" name="class_id" rules={rules('class_id')}>
            <Select {...PICKER} placeholder="Select class" style={{ minWidth: 180 }} loading={classesLoading}
              options={classOptions} onChange={() => form.setFieldValue('subject_id', undefined)} />
          </Form.Item>
          <Form.Item label="Subject" name="subject_id">
            <Select {...PICKER} allowClear placeholder={classId ? 'Select subject' : 'Select a class first'} style={{ minWidth: 180 }}
              disabled={!classId} options={(classId ? subjects.result?.data ?? [] : []).map((s) => ({ value: s.id, label: s.name }))} />
          </Form.Item>
          <DateItem label="Submission Date" name="submission_date" rules={rules('submission_date')} picker={{ style: { width: 'auto' } }} />
        </Space>
        <Form.Item
          label="Description" name="description"
          rules={[{ validator: (_, v: string | undefined) => (v && hasRichText(v) ? Promise.resolve() : Promise.reject(new Error(CREATE.errorMessage.required.description))) }]}
        >
          <HomeworkDescription />
        </Form.Item>
        <Form.Item label="Files" extra={`Allowed: ${HOMEWORK_ACCEPT}`}>
          <HomeworkUploads kind={KINDS.homework} files={files} setFiles={setFiles} label="Attach Files" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy} disabled={files.some((f) => f.status === 'uploading')}>Add Homework</Button>
          <Button onClick={() => navigate('/homework/')}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}

const HOMEWORK_ACCEPT = uploadRule(KINDS.homework).accept.replaceAll(',', ', ');

/** The rich-text editor as a form control (Form.Item hands it value and onChange). */
function HomeworkDescription({ value, onChange }: { value?: string; onChange?: (html: string) => void }) {
  return <RichTextEditor label="Description" value={value ?? ''} onChange={(html) => onChange?.(html)} />;
}
