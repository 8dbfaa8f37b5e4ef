/**
 * The school day's timings (spec 3): name, period or break, start and end (HH:mm, 5-minute
 * steps). The rules and their words are the save call's own (shared with the server); changing
 * the timings clears every class's timetable, so the save asks first.
 */
import { useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { Alert, App, Button, Card, Form, Input, Select, Space, Spin, TimePicker } from 'antd';
import type { PageProps } from '../registry.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { declaredCall } from '../../../shared/calls.js';
import { timingProblem, type TimingInput } from '../../../shared/timetable.js';

interface Row { name: string; period_type: 0 | 1; start?: Dayjs | null; end?: Dayjs | null }

const CALL = declaredCall('timetable.saveTiming').def;
const REQUIRED: Record<string, string> = CALL.payload!.properties.timing.items.errorMessage.required;
const fill = (text: string, values: Record<string, string>) => text.replace(/\{(\w+)\}/g, (_, k) => values[k] ?? '');
const HHMM = 'HH:mm';
const asTime = (v: string) => dayjs(`2000-01-01T${v}`);

export default function TimetableTiming({ resource }: PageProps) {
  const { message, modal } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ timing: Row[] }>();
  const canSave = usePageButton(resource, 'timing', 'save');
  const loaded = useDeclaredQuery('timetable.timing');
  const save = useDeclaredCall('timetable.saveTiming');
  const [saving, setSaving] = useState(false);
  const before = useMemo(() => (loaded.query.isSuccess ? loaded.result?.data ?? [] : null), [loaded.query.isSuccess, loaded.result]);

  useEffect(() => {
    if (before) form.setFieldsValue({ timing: before.map((p) => ({ name: p.name, period_type: p.period_type === 0 ? 0 : 1, start: asTime(p.start_time), end: asTime(p.end_time) })) });
  }, [before, form]);

  const submit = async ({ timing }: { timing: Row[] }) => {
    const rows: TimingInput[] = (timing ?? []).map((r) => ({ name: r.name.trim(), period_type: r.period_type, start_time: r.start!.format(HHMM), end_time: r.end!.format(HHMM) }));
    const problem = timingProblem(rows);
    if (problem) return void message.error(fill(CALL.errors![problem.code]!, problem.values));
    const same = before && before.length === rows.length && [...rows].sort((a, b) => a.start_time.localeCompare(b.start_time))
      .every((r, i) => r.name === before[i]!.name && r.period_type === before[i]!.period_type && r.start_time === before[i]!.start_time && r.end_time === before[i]!.end_time);
    if (!same && before?.length) {
      const go = await new Promise<boolean>((resolve) => modal.confirm({
        title: 'Change the school timings?',
        content: 'Changing the timings deletes all timetable data: every class\'s timetable will have to be made again.',
        okText: 'Yes, change timings', okButtonProps: { danger: true }, cancelText: 'No', onOk: () => resolve(true), onCancel: () => resolve(false),
      }));
      if (!go) return;
    }
    setSaving(true);
    try {
      await save({ body: { timing: rows } });
      await loaded.query.refetch();
    } catch { /* shown as a toast */ } finally { setSaving(false); }
  };

  if (loaded.query.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (loaded.query.isError) return <Alert type="error" showIcon message="Could not load the school timings." />;
  const timeRule = (text: string) => [{ required: true, message: text }];
  return (
    <Card title="School Timings" extra={<Button onClick={() => navigate('/timetable/')}>Back to Timetable</Button>}>
      <Form form={form} onFinish={submit} layout="vertical" disabled={!canSave}>
        <Form.List name="timing">
          {(fields, { add, remove }) => (
            <>
              {fields.map((f, i) => (
                <Space key={f.key} wrap align="start" style={{ display: 'flex', marginBottom: 4 }}>
                  <Form.Item name={[f.name, 'name']} label={i === 0 ? 'Name' : undefined} rules={[{ required: true, whitespace: true, message: REQUIRED.name }]}>
                    <Input aria-label={`Name of row ${i + 1}`} placeholder="Period 1" style={{ width: 160 }} maxLength={50} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'period_type']} label={i === 0 ? 'Period Type' : undefined} rules={timeRule(REQUIRED.period_type!)}>
                    <Select aria-label={`Period type of row ${i + 1}`} style={{ width: 120 }} options={[{ value: 1, label: 'Period' }, { value: 0, label: 'Break' }]} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'start']} label={i === 0 ? 'Start Time' : undefined} rules={timeRule(REQUIRED.start_time!)}>
                    <TimePicker aria-label={`Start time of row ${i + 1}`} format={HHMM} minuteStep={5} needConfirm={false} />
                  </Form.Item>
                  <Form.Item name={[f.name, 'end']} label={i === 0 ? 'End Time' : undefined} rules={timeRule(REQUIRED.end_time!)}>
                    <TimePicker aria-label={`End time of row ${i + 1}`} format={HHMM} minuteStep={5} needConfirm={false} />
                  </Form.Item>
                  <Form.Item label={i === 0 ? ' ' : undefined} colon={false}>
                    <Button danger type="link" onClick={() => remove(f.name)}>Remove</Button>
                  </Form.Item>
                </Space>
              ))}
              <Space>
                <Button onClick={() => {
                  const last = (form.getFieldValue('timing') as Row[] | undefined)?.at(-1)?.end;
                  add({ name: '', period_type: 1, start: last ?? null, end: last ? last.add(40, 'minute') : null });
                }}>Add Period</Button>
                {canSave && <Button type="primary" htmlType="submit" loading={saving}>Save Timings</Button>}
              </Space>
            </>
          )}
        </Form.List>
      </Form>
    </Card>
  );
}
