/**
 * Add subject-wise test details (/academics/test/details/:testid): pick the class, then one
 * row per subject with marks, times stepping by 10 minutes and the invigilator; saved in one
 * batch call (PUT /class/tests/). ?class_id=&subject_id= preselect a class and its first subject
 * (the marks editor links here when a test lacks a subject).
 */
import { useState } from 'react';
import { useNavigate, useParams, useSearchParams } from 'react-router';
import { Button, Card, Form, InputNumber, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { useCreate, useList, useOne } from '@refinedev/core';
import type { Dayjs } from 'dayjs';
import type { PageProps } from '../registry.js';
import { optionLabel } from '../../framework/labels.js';
import { enumLabels } from '../../framework/format.js';
import { errorNotification } from '../../framework/notify.js';
import { fillMessage } from '../../framework/calls.js';
import { fieldConfig } from '../../framework/form/CustomFields.js';
import { DateItem } from '../../framework/DateInput.js';
import { PICKER } from '../../framework/pickers.js';

interface Row { subject_id?: number; min_marks?: number; max_marks?: number; marks_type?: number; start_time?: Dayjs; end_time?: Dayjs; invigilator?: number | null }

export default function TestDetailsAdd({ resource }: PageProps) {
  const { testid } = useParams();
  const [search] = useSearchParams();
  const preset = (k: string) => (/^\d+$/.test(search.get(k) ?? '') ? Number(search.get(k)) : undefined);
  const navigate = useNavigate();
  const [form] = Form.useForm<{ class_id?: number; subjects: Row[] }>();
  const classId = Form.useWatch('class_id', form);
  const [busy, setBusy] = useState(false);
  const { mutateAsync: create } = useCreate();

  const props = resource.schema.properties;
  const msg: Record<string, string> = resource.schema.errorMessage?.required ?? {};
  const title = (f: string) => props[f]?.title ?? f;
  const required = (f: string) => [{ required: true, message: msg[f] ?? `${title(f)} is required` }];

  const test = useOne({ resource: 'tests', id: testid ?? '', errorNotification: false, queryOptions: { enabled: Boolean(testid) } });
  const classes = useList({ resource: 'classes', pagination: { mode: 'off' }, errorNotification });
  const subjects = useList({
    resource: 'subjects', pagination: { mode: 'off' }, errorNotification,
    filters: classId ? [{ field: 'class_id', operator: 'eq', value: classId }] : [],
    queryOptions: { enabled: Boolean(classId) },
  });
  const teachers = useList({ resource: 'teachers', pagination: { mode: 'off' }, errorNotification: false });

  const opts = (rows: any[] | undefined, label?: string) => (rows ?? []).map((r) => ({ value: r.id, label: optionLabel(r, label) }));
  const marksTypes = [...enumLabels(props.marks_type).entries()].map(([v, l]) => ({ value: Number(v), label: l }));
  const listRoute = `/academics/test/list/${testid}`;

  const onFinish = async (v: { class_id?: number; subjects: Row[] }) => {
    setBusy(true);
    try {
      await create({
        resource: resource.name,
        values: {
          test_id: Number(testid),
          class_id: v.class_id,
          subjects: (v.subjects ?? []).map((r) => ({
            subject_id: r.subject_id, min_marks: r.min_marks, max_marks: r.max_marks, marks_type: r.marks_type,
            start_time: r.start_time?.second(0).millisecond(0).toISOString(), end_time: r.end_time?.second(0).millisecond(0).toISOString(),
            invigilator: r.invigilator ?? null,
          })),
        },
        successNotification: () => ({ message: fillMessage(resource.messages.created ?? 'Saved', {}), type: 'success' }),
        errorNotification,
      });
      navigate(listRoute);
    } catch {
      // The server's message was shown; the rows stay for a retry.
    } finally {
      setBusy(false);
    }
  };

  const testName = (test.result as any)?.name;
  return (
    <Card title={`Add Test Details${testName ? ` — ${testName}` : ''}`}>
      <Form form={form} layout="vertical" name="test-details" onFinish={onFinish} initialValues={{ class_id: preset('class_id'), subjects: [{ subject_id: preset('subject_id') }] }} disabled={busy}>
        <Form.Item label="Class" name="class_id" rules={fieldConfig(resource).rules('class_id')} style={{ maxWidth: 320 }}>
          <Select
            options={opts(classes.result?.data, 'class-section')}
            loading={classes.query.isLoading}
            showSearch
            optionFilterProp="label"
            placeholder="Select class"
            onChange={() => form.setFieldsValue({ subjects: (form.getFieldValue('subjects') ?? []).map((r: Row) => ({ ...r, subject_id: undefined })) })}
          />
        </Form.Item>
        <Form.List name="subjects">
          {(fields, { add, remove }) => (
            <>
              {fields.map(({ key, name }, i) => (
                <Card key={key} size="small" title={`Subject ${i + 1}`} style={{ marginBottom: 12 }}
                  extra={fields.length > 1 && <Button size="small" danger icon={<DeleteOutlined />} onClick={() => remove(name)}>Remove</Button>}>
                  <Space wrap align="start">
                    <Form.Item label={title('subject_id')} name={[name, 'subject_id']} rules={required('subject_id')}>
                      <Select style={{ width: 200 }} options={opts(subjects.result?.data, 'name')} loading={subjects.query.isFetching}
                        placeholder={classId ? 'Select subject' : 'Select the class first'} {...PICKER} />
                    </Form.Item>
                    <Form.Item label={title('min_marks')} name={[name, 'min_marks']} rules={required('min_marks')}>
                      <InputNumber min={0} max={10000} style={{ width: 110 }} />
                    </Form.Item>
                    <Form.Item label={title('max_marks')} name={[name, 'max_marks']} rules={required('max_marks')}>
                      <InputNumber min={0} max={10000} style={{ width: 110 }} />
                    </Form.Item>
                    <Form.Item label={title('marks_type')} name={[name, 'marks_type']} rules={required('marks_type')}>
                      <Select style={{ width: 130 }} options={marksTypes} placeholder="Select" />
                    </Form.Item>
                    <DateItem label={title('start_time')} name={[name, 'start_time']} rules={required('start_time')} picker={{ timeStep: 10, style: { width: 'auto' } }} />
                    <DateItem label={title('end_time')} name={[name, 'end_time']} rules={required('end_time')} picker={{ timeStep: 10, style: { width: 'auto' } }} />
                    <Form.Item label={title('invigilator')} name={[name, 'invigilator']}>
                      <Select style={{ width: 200 }} options={opts(teachers.result?.data, 'fullname')} allowClear {...PICKER} placeholder="Select teacher" />
                    </Form.Item>
                  </Space>
                </Card>
              ))}
              <div style={{ marginBottom: 16 }}><Button icon={<PlusOutlined />} onClick={() => add({})}>Add Row</Button></div>
            </>
          )}
        </Form.List>
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>Submit</Button>
          <Button onClick={() => navigate(listRoute)}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}
