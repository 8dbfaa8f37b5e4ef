/** `/online-test/new` (spec 4 §2.3, §5): a test's name ('Test name is requried!') and an optional category; then its questions. */
import { useNavigate } from 'react-router';
import { Button, Card, Form, Input } from 'antd';
import type { PageProps } from '../registry.js';
import { declaredCall } from '../../../shared/calls.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import { useBusyAction } from '../../framework/useBusyAction.js';

const CREATE = declaredCall('online-tests.create').def.payload!;

export default function OnlineTestNew(_props: PageProps) {
  const navigate = useNavigate();
  const create = useDeclaredCall('online-tests.create', { errorToast: false });
  const { busy, run } = useBusyAction();
  const onFinish = (v: { name: string; category?: string }) => run(async () => {
    const t = await create({ body: { name: v.name, category: v.category?.trim() || null } });
    navigate(`/online-test/${t.id}/questions/`);
  });
  return (
    <Card title="New Test" style={{ maxWidth: 560 }}>
      <Form layout="vertical" onFinish={onFinish}>
        <Form.Item label="Test Name" name="name" rules={payloadRules(CREATE, 'name')}><Input maxLength={200} /></Form.Item>
        <Form.Item label="Category" name="category" rules={payloadRules(CREATE, 'category')}><Input maxLength={100} /></Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>Save</Button>
      </Form>
    </Card>
  );
}
