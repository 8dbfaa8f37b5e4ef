/**
 * /announcements/new (spec 2 §2, §5): To (Everyone, All Students, Teachers, Selected Classes),
 * the classes when To is classes, title, message with its SMS counter, and attachments of the
 * spec's types, each sent to POST /upload/ as it is chosen. The checks and their words are the
 * payload schema's, so the form refuses what the server would. After 'New Announcement Made'
 * the list opens.
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { App, Button, Card, Form, Input, Select, Space, Typography, Upload } from 'antd';
import type { UploadFile } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { ApiError } from '../../api.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { uploadFile, uploadRule, type UploadedFile } from '../../framework/upload.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, useDeclaredQuery, type CallInput } from '../../framework/useDeclaredCall.js';
import { declaredCall } from '../../../shared/calls.js';
import { AUDIENCES, CLASSES_REQUIRED, smsCounter, TO, uploadedText, uploadFailedText } from './announcementModel.js';

const MAKE = declaredCall('announcements.make').def.payload!;
const rules = (field: string) => payloadRules(MAKE, field);
const KIND = 'announcement-files';
const ATTACHMENT = uploadRule(KIND);

type Body = CallInput<'announcements.make'>['body'];
interface Values { to?: Body['to']; class_ids?: number[]; title?: string; message?: string }

export default function AnnouncementNew(_props: PageProps) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const to = Form.useWatch('to', form);
  const message = Form.useWatch('message', form) ?? '';
  const counter = smsCounter(message);
  const classes = useDeclaredQuery('announcements.classes');
  const classOptions = useMemo(() => (Array.isArray(classes.result?.data) ? classes.result.data : [])
    .map((c) => ({ value: c.id, label: `${c.class} ${c.section}` })), [classes.result?.data]);
  const [files, setFiles] = useState<Array<UploadFile & { stored?: UploadedFile }>>([]);
  // useBusyAction reports a refusal.
  const make = useDeclaredCall('announcements.make', { errorToast: false });
  const { busy, run } = useBusyAction();
  const uploading = files.some((f) => f.status === 'uploading');

  const attach = async (file: File) => {
    const uid = `${Date.now()}-${file.name}`;
    setFiles((fs) => [...fs, { uid, name: file.name, status: 'uploading' }]);
    try {
      const stored = await uploadFile(file, KIND);
      setFiles((fs) => fs.map((f) => (f.uid === uid ? { ...f, status: 'done', url: stored.path, stored } : f)));
      notification.success({ message: uploadedText(file.name) });
    } catch (e) {
      setFiles((fs) => fs.filter((f) => f.uid !== uid));
      const reason = e instanceof ApiError && e.message !== uploadFailedText(file.name) ? e.message : undefined;
      notification.error({ message: uploadFailedText(file.name), description: reason });
    }
  };

  const send = (v: Values) => run(async () => {
    const attached = files.flatMap((f) => (f.stored ? [{ path: f.stored.path, name: f.stored.name, url: f.stored.path }] : []));
    await make({
      body: {
        to: v.to!, title: v.title!.trim(), message: v.message!.trim(),
        class_ids: v.to === TO.classes ? v.class_ids ?? [] : [],
        // The schema caps attachments at ten (typed as fixed-length lists); the picker keeps to that.
        files: attached as Body['files'],
      },
    });
    navigate('/announcements/');
  });

  return (
    <Card title="New Announcement" style={{ maxWidth: 760 }}>
      <Form<Values> form={form} layout="vertical" name="announcement" onFinish={send} disabled={busy}>
        <Form.Item label="To" name="to" rules={rules('to')}>
          <Select options={AUDIENCES} placeholder="Select who it is for" style={{ maxWidth: 320 }} />
        </Form.Item>
        {to === TO.classes && (
          <Form.Item label="Classes" name="class_ids" rules={[{ required: true, type: 'array', min: 1, message: CLASSES_REQUIRED }]}>
            <Select mode="multiple" options={classOptions} loading={classes.query.isFetching} placeholder="Select classes" optionFilterProp="label" allowClear />
          </Form.Item>
        )}
        <Form.Item label="Title" name="title" rules={rules('title')}>
          <Input maxLength={MAKE.properties.title.maxLength} />
        </Form.Item>
        <Form.Item
          label="Message" name="message" rules={rules('message')}
          extra={<Typography.Text data-testid="sms-counter" type={counter.over ? 'danger' : 'secondary'}>{counter.text}</Typography.Text>}
        >
          <Input.TextArea rows={5} maxLength={MAKE.properties.message.maxLength} />
        </Form.Item>
        <Form.Item label="Attachments" extra={`Allowed: ${ATTACHMENT.accept.replaceAll(',', ', ')}`}>
          <Upload
            accept={ATTACHMENT.accept}
            multiple
            fileList={files}
            onRemove={(f) => setFiles((fs) => fs.filter((x) => x.uid !== f.uid))}
            beforeUpload={(file) => {
              const problem = ATTACHMENT.problem(file);
              if (problem) notification.error({ message: uploadFailedText(file.name), description: problem === uploadFailedText(file.name) ? undefined : problem });
              else if (files.length >= MAKE.properties.files.maxItems) notification.error({ message: MAKE.properties.files.errorMessage.maxItems });
              else void attach(file);
              // attach() sends it with the session's token; antd sends nothing itself.
              return Upload.LIST_IGNORE;
            }}
          >
            <Button icon={<UploadOutlined />}>Attach Files</Button>
          </Upload>
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy} disabled={uploading}>Send</Button>
          <Button onClick={() => navigate('/announcements/')}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}
