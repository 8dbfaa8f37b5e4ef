import { useEffect, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { App, Button, Form, Input, Result, Spin } from 'antd';
import { ApiError, GENERIC_ERROR, fetchDirectory, findSchool, type SchoolEntry } from '../api.js';
import { payloadRules } from '../framework/form/payloadRules.js';
import { accountCall, accountCalls } from './accountCall.js';

interface Values { email: string; password: string; confirm: string }

const rule = (field: string) => payloadRules(accountCalls.resetPassword.payload, field);

/** Reached from the e-mailed link /reset-password?user=…&key=…&sch_code=… */
export default function ResetPasswordPage() {
  const [params] = useSearchParams();
  const [school, setSchool] = useState<SchoolEntry | null | undefined>(undefined);
  const [busy, setBusy] = useState(false);
  const { notification } = App.useApp();
  const [done, setDone] = useState<string | null>(null);
  const code = params.get('sch_code') ?? '';

  useEffect(() => {
    fetchDirectory().then((list) => setSchool(findSchool(list, code) ?? null)).catch(() => setSchool(null));
  }, [code]);

  if (school === undefined) return <Spin />;
  if (school === null || !params.get('user') || !params.get('key')) {
    return <Result status="error" title="Invalid Password reset link" extra={<Link to="/login">Go to login</Link>} />;
  }
  if (done) return <Result status="success" title={done} extra={<Link to="/login">Go to login</Link>} />;

  const onFinish = async (v: Values) => {
    setBusy(true);
    try {
      const user = params.get('user')!;
      const { message } = await accountCall('resetPassword', {
        user_id: /^\d+$/.test(user) ? Number(user) : user, password: v.password, email: v.email.trim(), reset_key: params.get('key')!,
      }, { api: school.api, token: null, endSessionOn401: false });
      setDone(message!);
    } catch (e) {
      notification.error({ message: e instanceof ApiError ? e.message : GENERIC_ERROR });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form layout="vertical" name="reset-password" onFinish={onFinish} requiredMark={false}>
      <h4 style={{ marginTop: 0 }}>Reset password</h4>
      <Form.Item label="Email" name="email" rules={rule('email')}>
        <Input autoComplete="email" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={rule('password')}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item label="Confirm Password" name="confirm" dependencies={['password']} rules={[
        { required: true, message: 'Please confirm your password!' },
        ({ getFieldValue }) => ({
          validator: (_, value) => (!value || getFieldValue('password') === value ? Promise.resolve() : Promise.reject(new Error('Password and Confirm password must be same'))),
        }),
      ]}>
        <Input.Password autoComplete="new-password" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>Reset password</Button>
      </Form.Item>
    </Form>
  );
}
