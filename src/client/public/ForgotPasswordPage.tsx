import { useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Form, Input } from 'antd';
import { ApiError, GENERIC_ERROR, fetchDirectory, findSchool } from '../api.js';
import { payloadRules } from '../framework/form/payloadRules.js';
import { accountCall, accountCalls } from './accountCall.js';

interface Values { school_code: string; email: string }

export default function ForgotPasswordPage() {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const { notification } = App.useApp();

  const onFinish = async (v: Values) => {
    setBusy(true);
    setResult(null);
    try {
      const school = findSchool(await fetchDirectory(), v.school_code);
      if (!school) {
        form.setFields([{ name: 'school_code', errors: ['Invalid School Code!'] }]);
        return;
      }
      // The server words the success: the same whether or not the address has an account.
      const { message } = await accountCall('forgotPassword', { email: v.email.trim() }, { api: school.api, token: null, endSessionOn401: false });
      setResult({ ok: true, text: message! });
    } catch (e) {
      notification.error({ message: e instanceof ApiError ? e.message : GENERIC_ERROR });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" name="forgot-password" onFinish={onFinish} requiredMark={false}>
      <h4 style={{ marginTop: 0 }}>Forgot password</h4>
      {result && <Alert type={result.ok ? 'success' : 'error'} message={result.text} showIcon role="alert" style={{ marginBottom: 16 }} />}
      <Form.Item label="School Code" name="school_code" rules={[{ required: true, whitespace: true, message: 'School code is required!' }]}>
        <Input />
      </Form.Item>
      <Form.Item label="Email" name="email" rules={payloadRules(accountCalls.forgotPassword.payload, 'email')}>
        <Input autoComplete="email" />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy}>Send reset link</Button>
      </Form.Item>
      <Link to="/login">Back to login</Link>
    </Form>
  );
}
