/**
 * Add administrator (/admin-actions/admin/new, spec 3): name, e-mail and a password that starts
 * as a random 8 characters and can be drawn again. A super admin may also make a super admin.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Form, Input, Select, Space } from 'antd';
import { ReloadOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { declaredCall } from '../../../shared/calls.js';
import { ROLE_IDS } from '../../../shared/roles.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { randomPassword } from '../../framework/form/formModel.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { fillMessage } from '../../framework/calls.js';
import { useSession } from '../../app/SessionContext.js';

const rules = (k: string) => payloadRules(declaredCall('admins.create').def.payload!, k);

interface Values { name: string; email: string; password: string; role: number }

export default function AdminNew(_props: PageProps) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const { user } = useSession();
  const create = useDeclaredCall('admins.create');
  const admins = useDeclaredQuery('admins.list');
  const taken = new Set((admins.result?.data ?? []).map((a) => (a.email ?? '').toLowerCase()));
  const notTaken = {
    validator: async (_: unknown, v: string) => {
      const email = String(v ?? '').trim().toLowerCase();
      if (taken.has(email)) throw new Error(fillMessage(declaredCall('admins.create').def.errors!.taken!, { email }));
    },
  };
  const [busy, setBusy] = useState(false);

  const save = async (v: Values) => {
    setBusy(true);
    try {
      await create({ body: { name: v.name.trim(), email: v.email.trim(), password: v.password, role: v.role as 3 | 4 } });
      navigate('/admin-actions/admins');
    } catch {
      // The server's words are shown; the form keeps what was typed.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="Add Admin" style={{ maxWidth: 560 }}>
      <Form form={form} layout="vertical" name="new-admin" disabled={busy} onFinish={save}
        initialValues={{ password: randomPassword(8), role: ROLE_IDS.admin }}>
        <Form.Item label="Name" name="name" rules={rules('name')}><Input autoComplete="off" /></Form.Item>
        <Form.Item label="Email" name="email" rules={[...rules('email'), notTaken]}><Input type="email" autoComplete="off" /></Form.Item>
        <Form.Item label="Password" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item name="password" noStyle rules={rules('password')}><Input aria-label="Password" autoComplete="new-password" /></Form.Item>
            <Button icon={<ReloadOutlined />} onClick={() => form.setFieldsValue({ password: randomPassword(8) })}>Regenerate</Button>
          </Space.Compact>
        </Form.Item>
        {user.role === ROLE_IDS.super_admin && (
          <Form.Item label="Role" name="role">
            <Select options={[{ value: ROLE_IDS.admin, label: 'Admin' }, { value: ROLE_IDS.super_admin, label: 'Super Admin' }]} />
          </Form.Item>
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>Save</Button>
          <Button onClick={() => navigate('/admin-actions/admins')}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}
