/**
 * /exam/new (spec 4 §2.4, §5): name ('Name is required!'), description, duration in minutes
 * ('Duration is required', stored in seconds) and an optional start time, not before yesterday,
 * in 5-minute steps. After 'Exam created' its questions open.
 */
import { useNavigate } from 'react-router';
import { Button, Card, DatePicker, Form, Input, InputNumber, Space } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import { declaredCall } from '../../../shared/calls.js';
import { payloadRules, requiredRule } from '../../framework/form/payloadRules.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import type { PageProps } from '../registry.js';
import { EXAM_TIME_FORMAT } from './examModel.js';

const CREATE = declaredCall('exams.create').def.payload!;
interface Values { name?: string; description?: string; minutes?: number; start_time?: Dayjs | null }

export default function ExamNew(_props: PageProps) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const create = useDeclaredCall('exams.create');
  const { busy, run } = useBusyAction();
  const send = (v: Values) => run(async () => {
    const made = await create({
      body: {
        name: v.name!.trim(), description: v.description?.trim() || null, max_duration: v.minutes! * 60,
        start_time: v.start_time ? v.start_time.second(0).millisecond(0).toISOString() : null,
      },
    });
    navigate(`/exam/questions/${made.id}`);
  });
  return (
    <Card title="New Exam" style={{ maxWidth: 720 }}>
      <Form<Values> form={form} layout="vertical" name="exam" onFinish={send} disabled={busy}>
        <Form.Item label="Name" name="name" rules={payloadRules(CREATE, 'name')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label="Description" name="description">
          <Input.TextArea rows={3} maxLength={5000} />
        </Form.Item>
        <Space wrap size="large">
          <Form.Item label="Duration (minutes)" name="minutes" rules={[requiredRule(CREATE, 'max_duration')]}>
            <InputNumber min={1} max={1440} precision={0} style={{ width: 160 }} />
          </Form.Item>
          <Form.Item label="Start Time" name="start_time">
            <DatePicker showTime={{ minuteStep: 5, format: 'HH:mm' }} format={EXAM_TIME_FORMAT}
              disabledDate={(d) => d.isBefore(dayjs().subtract(1, 'day'), 'day')} />
          </Form.Item>
        </Space>
        <Space wrap>
          <Button type="primary" htmlType="submit" loading={busy}>Create Exam</Button>
          <Button onClick={() => navigate('/exam/')}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}
