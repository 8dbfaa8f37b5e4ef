import { useContext, useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { Alert, App, Button, Checkbox, Form, Input } from 'antd';
import { ApiError, GENERIC_ERROR, fetchDirectory, findSchool, type SchoolEntry } from '../api.js';
import { payloadRules } from '../framework/form/payloadRules.js';
import { accountCall, accountCalls } from './accountCall.js';
import { EntryContext } from '../entry.js';
import { saveSession } from '../session.js';

interface LoginValues { school_code: string; email: string; password: string; remember: boolean }

const rule = (field: string) => payloadRules(accountCalls.login.payload, field);

export function LoginPage() {
  const [form] = Form.useForm<LoginValues>();
  const [busy, setBusy] = useState(false);
  const { notification } = App.useApp();
  const [done, setDone] = useState(false);
  const { loadApp, enterApp } = useContext(EntryContext);
  const directory = useRef<Promise<SchoolEntry[]> | null>(null);

  // While the person types, on a slow phone network: the school directory and the app's code.
  useEffect(() => {
    directory.current = fetchDirectory();
    directory.current.catch(() => { directory.current = null; });
    loadApp().catch(() => undefined); // fetched again after the login if this fails
  }, [loadApp]);

  const onFinish = async (v: LoginValues) => {
    setBusy(true);
    try {
      const school = findSchool(await (directory.current ?? fetchDirectory()), v.school_code);
      if (!school) {
        form.setFields([{ name: 'school_code', errors: ['Incorrect Institution Code'] }]);
        return;
      }
      const { data } = await accountCall('login', {
        school_code: school.code, email: v.email.trim(), password: v.password, remember: v.remember, school_url: school.api,
      }, { api: school.api, token: null, endSessionOn401: false });
      saveSession({ token: data.token, api: school.api, school_code: school.code, user: data.user }, v.remember);
      setDone(true);
      await loadApp().catch(() => undefined); // the app's own error screen offers Retry
      await enterApp();
    } catch (e) {
      notification.error({ message: e instanceof ApiError ? e.message : GENERIC_ERROR });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form form={form} layout="vertical" name="login" initialValues={{ remember: true }} onFinish={onFinish} requiredMark={false}>
      {done && <Alert type="success" message="Login successful" showIcon style={{ marginBottom: 16 }} />}
      <Form.Item label="Institution Code" name="school_code" rules={[{ required: true, whitespace: true, message: 'Please enter institution code' }]}>
        {/* The cursor starts in the first field (logout clears both storages, so nothing is prefilled). */}
        <Input autoComplete="organization" autoCapitalize="characters" autoFocus />
      </Form.Item>
      <Form.Item label="Email or Mobile" name="email" rules={rule('email')}>
        <Input autoComplete="username" />
      </Form.Item>
      <Form.Item label="Password" name="password" rules={rule('password')}>
        <Input.Password autoComplete="current-password" />
      </Form.Item>
      <Form.Item name="remember" valuePropName="checked">
        <Checkbox>Remember me</Checkbox>
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit" block loading={busy || done}>Login</Button>
      </Form.Item>
      <Link to="/forgot-password">Forgot password?</Link>
    </Form>
  );
}
