/**
 * /notes/new (spec 3 Notes, §5): a teacher uploads a note for a class: class, subject, name,
 * description and one file of the spec's types, sent to POST /upload/ as it is chosen; then
 * 'Note Added' and back to the class's notes. The checks and their words are the payload schema's.
 */
import { useMemo, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import { useList } from '@refinedev/core';
import { App, Button, Card, Form, Input, Select, Space, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { ApiError } from '../../api.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { optionLabel } from '../../framework/labels.js';
import { uploadFile, uploadRule } from '../../framework/upload.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import { declaredCall } from '../../../shared/calls.js';
import type { EntityRow } from '../../../shared/wire.js';
import type { Subject } from '../../../generated/entities/academics.js';
import { useClassesAndYears } from '../useClassesAndYears.js';
import { PICKER } from '../../framework/pickers.js';

const ADD = declaredCall('notes.add').def.payload!;
const rules = (field: string) => payloadRules(ADD, field);
const KIND = 'notes';
const FILE = uploadRule(KIND);
const failedText = (name: string) => `${name} file upload failed.`;

interface Values { class_id?: number; subject_id?: number; name?: string; description?: string; url?: string }

export default function NoteNew(_props: PageProps) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [search] = useSearchParams();
  const { notification } = App.useApp();
  const { classes, classesLoading } = useClassesAndYears();
  const classId = Form.useWatch('class_id', form);
  const subjects = useList<EntityRow<Subject>>({
    resource: 'subjects', pagination: { mode: 'off' }, errorNotification: false,
    filters: [{ field: 'class_id', operator: 'eq', value: classId }], queryOptions: { enabled: classId !== undefined },
  });
  const classOptions = useMemo(() => classes.map((c) => ({ value: c.id, label: optionLabel(c, 'class-section') })), [classes]);
  const [file, setFile] = useState<UploadFile | null>(null);
  const add = useDeclaredCall('notes.add', { errorToast: false });
  const { busy, run } = useBusyAction();
  const initialClass = /^\d+$/.test(search.get('class_id') ?? '') ? Number(search.get('class_id')) : undefined;

  const attach = async (chosen: File) => {
    setFile({ uid: chosen.name, name: chosen.name, status: 'uploading' });
    form.setFieldValue('url', undefined);
    try {
      const stored = await uploadFile(chosen, KIND);
      setFile({ uid: chosen.name, name: stored.name, status: 'done', url: stored.path });
      form.setFieldValue('url', stored.path);
      void form.validateFields(['url']);
      notification.success({ message: `${chosen.name} file uploaded successfully` });
    } catch (e) {
      setFile(null);
      notification.error({ message: failedText(chosen.name), description: e instanceof ApiError && e.message !== failedText(chosen.name) ? e.message : undefined });
    }
  };

  const save = (v: Values) => run(async () => {
    await add({ body: { class_id: v.class_id!, subject_id: v.subject_id ?? null, name: v.name!.trim(), description: (v.description ?? '').trim(), url: v.url! } });
    navigate(`/notes?class_id=${v.class_id}`);
  });

  return (
    <Card title="Add New Notes" style={{ maxWidth: 640 }}>
      <Form<Values> form={form} layout="vertical" name="note" onFinish={save} disabled={busy} initialValues={{ class_id: initialClass }}>
        <Form.Item label="Class" name="class_id" rules={rules('class_id')}>
          <Select {...PICKER} placeholder="Select class" loading={classesLoading} options={classOptions}
            onChange={() => form.setFieldValue('subject_id', undefined)} />
        </Form.Item>
        <Form.Item label="Subject" name="subject_id">
          <Select allowClear {...PICKER} placeholder="Select subject" loading={subjects.query.isFetching}
            options={(subjects.result?.data ?? []).map((s) => ({ value: s.id, label: s.name }))} />
        </Form.Item>
        <Form.Item label="Name" name="name" rules={rules('name')}>
          <Input maxLength={ADD.properties.name.maxLength} />
        </Form.Item>
        <Form.Item label="Description" name="description" rules={rules('description')}>
          <Input.TextArea rows={4} maxLength={ADD.properties.description.maxLength} />
        </Form.Item>
        <Form.Item label="File" name="url" rules={rules('url')} extra={`Allowed: ${FILE.accept.replaceAll(',', ', ')}`} valuePropName="data-url">
          <Upload
            accept={FILE.accept}
            maxCount={1}
            fileList={file ? [file] : []}
            onRemove={() => { setFile(null); form.setFieldValue('url', undefined); }}
            beforeUpload={(chosen) => {
              const problem = FILE.problem(chosen);
              if (problem) notification.error({ message: failedText(chosen.name), description: problem === failedText(chosen.name) ? undefined : problem });
              else void attach(chosen);
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />}>Choose File</Button>
          </Upload>
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy} disabled={file?.status === 'uploading'}>Upload</Button>
          <Button onClick={() => navigate('/notes')}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}
