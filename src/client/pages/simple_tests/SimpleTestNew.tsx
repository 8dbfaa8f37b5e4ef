/**
 * /simple-test/new (spec 4 §2.5, §5): test name, academic year, class, subject, evaluator, the
 * paper's files (at least one: jpg, jpeg, png, gif, pdf, docx, doc, odt), max marks and duration
 * are required; pass marks, start time and a description are optional. The checks and their
 * words are the payload schema's. After 'New Test Added' the list opens.
 */
import { useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Form, Input, InputNumber, Select, Space } from 'antd';
import type { Dayjs } from 'dayjs';
import { useList } from '@refinedev/core';
import type { PageProps } from '../registry.js';
import type { Subject } from '../../../generated/entities/academics.js';
import type { Teacher } from '../../../generated/entities/teachers.js';
import type { EntityRow } from '../../../shared/wire.js';
import { declaredCall } from '../../../shared/calls.js';
import { uploadRule } from '../../framework/upload.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { classSectionLabel } from '../../framework/labels.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, type CallInput } from '../../framework/useDeclaredCall.js';
import { DateItem } from '../../framework/DateInput.js';
import { PICKER } from '../../framework/pickers.js';
import { useClassesAndYears } from '../useClassesAndYears.js';
import HomeworkUploads, { storedOf, type PickedFile } from '../homework/HomeworkUploads.js';
import { KINDS } from './simpleTestModel.js';

const CREATE = declaredCall('simple-tests.create').def.payload!;
const rules = (field: string) => payloadRules(CREATE, field);
type Body = CallInput<'simple-tests.create'>['body'];
interface Values {
  test_name?: string; ac_year_id?: number; class_id?: number; subject_id?: number; evaluator?: number; description?: string;
  max_marks?: number; pass_marks?: number | null; duration?: number; start_time?: Dayjs | null;
}
const PAPER_ACCEPT = uploadRule(KINDS.paper).accept.replaceAll(',', ', ');

export default function SimpleTestNew(_props: PageProps) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const classId = Form.useWatch('class_id', form);
  const { classes, years, classesLoading, yearsLoading } = useClassesAndYears();
  const subjects = useList<EntityRow<Subject>>({
    resource: 'subjects', pagination: { mode: 'off' }, errorNotification: false,
    filters: [{ field: 'class_id', operator: 'eq', value: classId }], queryOptions: { enabled: classId !== undefined },
  });
  const teachers = useList<EntityRow<Teacher>>({ resource: 'teachers', pagination: { mode: 'off' }, errorNotification: false });
  const [files, setFiles] = useState<PickedFile[]>([]);
  const [filesProblem, setFilesProblem] = useState<string | null>(null);
  const create = useDeclaredCall('simple-tests.create', { errorToast: true });
  const { busy, run } = useBusyAction();
  const classOptions = useMemo(() => classes.map((c) => ({ value: c.id, label: classSectionLabel(c) })), [classes]);

  const send = (v: Values) => {
    const stored = storedOf(files);
    if (!stored.length) { setFilesProblem(CREATE.errorMessage.required.files); return; }
    return run(async () => {
      await create({
        body: {
          test_name: v.test_name!.trim(), ac_year_id: v.ac_year_id!, class_id: v.class_id!, subject_id: v.subject_id!, evaluator: v.evaluator!,
          description: v.description?.trim() || null, max_marks: v.max_marks!, pass_marks: v.pass_marks ?? null, duration: v.duration!,
          start_time: v.start_time ? v.start_time.toISOString() : null,
          // The schema caps files at ten (typed as fixed-length lists); the picker keeps to that.
          files: stored as Body['files'],
        },
      });
      navigate('/simple-test/');
    });
  };

  return (
    <Card title="New Simple Test" style={{ maxWidth: 820 }}>
      <Form<Values> form={form} layout="vertical" name="simple-test" onFinish={send} disabled={busy}>
        <Form.Item label="Test Name" name="test_name" rules={rules('test_name')}>
          <Input maxLength={CREATE.properties.test_name.maxLength} />
        </Form.Item>
        <Space wrap size="large" align="start">
          <Form.Item label="Academic Year" name="ac_year_id" rules={rules('ac_year_id')}>
            <Select {...PICKER} placeholder="Select year" style={{ minWidth: 140 }} loading={yearsLoading} options={years.map((y) => ({ value: y.id, label: y.name }))} />
          </Form.Item>
          <Form.Item label="Class" name="class_id" rules={rules('class_id')}>
            <Select {...PICKER} placeholder="Select class" style={{ minWidth: 160 }} loading={classesLoading}
              options={classOptions} onChange={() => form.setFieldValue('subject_id', undefined)} />
          </Form.Item>
          <Form.Item label="Subject" name="subject_id" rules={rules('subject_id')}>
            <Select {...PICKER} placeholder={classId ? 'Select subject' : 'Select a class first'} style={{ minWidth: 160 }}
              disabled={!classId} options={(classId ? subjects.result?.data ?? [] : []).map((s) => ({ value: s.id, label: s.name }))} />
          </Form.Item>
          <Form.Item label="Evaluator" name="evaluator" rules={rules('evaluator')}>
            <Select {...PICKER} placeholder="Select teacher" style={{ minWidth: 200 }} loading={teachers.query.isLoading}
              options={(teachers.result?.data ?? []).map((t) => ({ value: t.id, label: t.fullname }))} />
          </Form.Item>
        </Space>
        <Space wrap size="large" align="start">
          <Form.Item label="Max Marks" name="max_marks" rules={rules('max_marks')}>
            <InputNumber min={0} step={1} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item label="Pass Marks" name="pass_marks" rules={rules('pass_marks')}>
            <InputNumber min={0} step={1} style={{ width: 120 }} />
          </Form.Item>
          <Form.Item label="Duration (minutes)" name="duration" rules={rules('duration')}>
            <InputNumber min={1} step={5} precision={0} style={{ width: 140 }} />
          </Form.Item>
          <DateItem label="Start Time" name="start_time" picker={{ timeStep: 5, style: { width: 'auto' } }} />
        </Space>
        <Form.Item label="Description" name="description" rules={rules('description')}>
          <Input.TextArea rows={3} maxLength={2000} />
        </Form.Item>
        <Form.Item label="Files" required extra={`Allowed: ${PAPER_ACCEPT}`} validateStatus={filesProblem ? 'error' : undefined} help={filesProblem ?? undefined}>
          <HomeworkUploads kind={KINDS.paper} files={files} setFiles={(fn) => { setFilesProblem(null); setFiles(fn); }} label="Attach Paper" />
        </Form.Item>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy} disabled={files.some((f) => f.status === 'uploading')}>Add Test</Button>
          <Button onClick={() => navigate('/simple-test/')}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}
