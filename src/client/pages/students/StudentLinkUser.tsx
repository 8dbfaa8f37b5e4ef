/**
 * Link a user to a student (/students/link/:id): pick an existing student/parent login
 * (students.usersOfRole) or create one (students.createUser, role 1, password prefilled with a
 * random 8-character string that can be regenerated), then students.linkUser.
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, App, Button, Card, Form, Input, Radio, Space, Spin } from 'antd';
import type { PageProps } from '../registry.js';
import { randomPassword } from '../../framework/form/formModel.js';
import { errorText } from '../../framework/useCall.js';
import { callDeclared, useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { declaredCall } from '../../../shared/calls.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { classSection, createdId } from './studentModel.js';
import { ParentLoginSelect } from './ParentLoginSelect.js';
import { ROLE_IDS } from '../../../shared/roles.js';

/** The new login's checks as the server makes them (students.createUser). */
const userRules = (k: string) => payloadRules(declaredCall('students.createUser').def.payload!, k);

interface Values { mode: 'existing' | 'new'; user_id?: number; name?: string; email?: string; username?: string; mobile?: string; password?: string }

export default function StudentLinkUser(_props: PageProps) {
  const { id } = useParams();
  const navigate = useNavigate();
  const { notification } = App.useApp();
  const createUser = useDeclaredCall('students.createUser', { toast: false, errorToast: false });

  const [form] = Form.useForm<Values>();
  const mode = Form.useWatch('mode', form) ?? 'existing';
  const [busy, setBusy] = useState(false);
  const [made, setMade] = useState<{ user_id: number; label: string } | null>(null);
  const { result, query } = useDeclaredQuery('students.one', { params: { id: Number(id) } }, { enabled: Boolean(id) });
  const student = result?.data;

  useEffect(() => {
    if (!student) return;
    form.setFieldsValue({ name: student.fullname, mobile: student.mobile ?? undefined, username: student.mobile ?? undefined });
  }, [student, form]);

  const link = async (v: Values) => {
    setBusy(true);
    try {
      let userId = v.mode === 'existing' ? v.user_id ?? null : made?.user_id ?? null;
      if (v.mode === 'new' && userId === null) {
        const body: Parameters<typeof createUser>[0]['body'] = { name: v.name?.trim() ?? '', password: v.password ?? '', role: ROLE_IDS.parent };
        for (const k of ['email', 'username', 'mobile'] as const) if (v[k]?.trim()) body[k] = v[k]!.trim();
        try {
          userId = createdId(await createUser({ body }), 'user_id');
        } catch (e) {
          notification.error({ message: errorText(e) });
          return;
        }
        if (userId !== null) setMade({ user_id: userId, label: `${v.username || v.email || v.mobile} / ${v.password}` });
      }
      if (userId === null) return;
      let message: string | undefined;
      try {
        ({ message } = await callDeclared('students.linkUser', { body: { user_id: userId, student_id: Number(id) } }));
      } catch (e) {
        notification.error({ message: errorText(e), description: v.mode === 'new' ? 'The login was created; Link again uses it.' : undefined });
        return;
      }
      notification.success({
        message,
        description: v.mode === 'new' ? `Login ${v.username || v.email || v.mobile}, password ${v.password}` : undefined,
        duration: v.mode === 'new' ? 0 : 4.5,
      });
      navigate('/students/');
    } finally {
      setBusy(false);
    }
  };

  if (query.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  return (
    <Card title={`Link User${student ? ` — ${student.fullname}` : ''}`} style={{ maxWidth: 640 }}>
      {student && (
        <Alert
          type={student.user_id ? 'warning' : 'info'} showIcon style={{ marginBottom: 16 }}
          message={student.user_id
            ? `${student.fullname} already has a login (${student.username ?? student.email ?? `user id ${student.user_id}`}); linking replaces it.`
            : `${student.fullname}${classSection(student) ? `, ${classSection(student)}` : ''}: no login yet.`}
        />
      )}
      <Form<Values> form={form} layout="vertical" name="link-user" initialValues={{ mode: 'existing', password: randomPassword(8) }} onFinish={link} disabled={busy}>
        <Form.Item name="mode">
          <Radio.Group disabled={made !== null}>
            <Radio value="existing">Select an existing login</Radio>
            <Radio value="new">Create a new login</Radio>
          </Radio.Group>
        </Form.Item>
        {mode === 'existing' ? (
          <Form.Item label="User" name="user_id" rules={payloadRules(declaredCall('students.linkUser').def.payload!, 'user_id')}>
            <ParentLoginSelect />
          </Form.Item>
        ) : made ? (
          <Alert type="success" showIcon style={{ marginBottom: 16 }} message={`Login created (${made.label}); press Link to link it.`} />
        ) : (
          <>
            <Form.Item label="Name" name="name" rules={userRules('name')}><Input maxLength={100} /></Form.Item>
            <Form.Item
              label="Email" name="email" dependencies={['username', 'mobile']}
              rules={[
                ...userRules('email').filter((r) => !('required' in r)),
                ({ getFieldValue }) => ({
                  // The e-mail is the login unless a username or mobile is given.
                  validator: async (_, v) => {
                    if (!String(v ?? '').trim() && !String(getFieldValue('username') ?? '').trim() && !String(getFieldValue('mobile') ?? '').trim()) throw new Error(declaredCall('students.createUser').def.errors!.email);
                  },
                }),
              ]}
            ><Input maxLength={200} autoComplete="off" /></Form.Item>
            <Form.Item label="Username" name="username" extra="The student's mobile by default" rules={userRules('username')}><Input maxLength={100} autoComplete="off" /></Form.Item>
            <Form.Item label="Mobile" name="mobile" rules={userRules('mobile')}><Input maxLength={10} /></Form.Item>
            <Form.Item label="Password" required>
              <Space.Compact style={{ width: '100%' }}>
                <Form.Item name="password" noStyle rules={userRules('password')}>
                  <Input autoComplete="new-password" aria-label="Password" />
                </Form.Item>
                <Button onClick={() => form.setFieldValue('password', randomPassword(8))}>Regenerate</Button>
              </Space.Compact>
            </Form.Item>
          </>
        )}
        <Space>
          <Button type="primary" htmlType="submit" loading={busy}>Link</Button>
          <Button onClick={() => navigate('/students/')}>Cancel</Button>
        </Space>
      </Form>
    </Card>
  );
}
