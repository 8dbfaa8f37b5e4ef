import { useEffect, useRef, useState } from 'react';
import { App, Button, Card, Form, Input } from 'antd';
import { ApiError, GENERIC_ERROR, request } from '../../api.js';
import { useSession } from '../../app/SessionContext.js';

interface Values { old_password: string; new_password: string; confirm_password: string }

const MIN = { min: 8, message: 'Password must be atleast 8 characters' };

/** Change password for every role (spec 4, 5 "Change password"). */
export function ChangePasswordCard() {
  const [form] = Form.useForm<Values>();
  const [busy, setBusy] = useState(false);
  const { notification } = App.useApp();
  const { user, reload } = useSession();
  const card = useRef<HTMLDivElement>(null);
  // The "change password" notice links here; on a phone the card is below the fold.
  useEffect(() => {
    if (window.location.hash === '#change-password') card.current?.scrollIntoView({ block: 'start' });
  }, []);
  const onFinish = async (v: Values) => {
    setBusy(true);
    try {
      await request('POST', '/user/change-password/', v);
      notification.success({ message: 'Password Changed' });
      form.resetFields();
      // The notice asking for a new password goes once the server no longer says it is the username.
      if (user.password_is_username) await reload().catch(() => undefined);
    } catch (e) {
      notification.error({ message: e instanceof ApiError ? e.message : GENERIC_ERROR });
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card title="Change Password" style={{ maxWidth: 480 }} id="change-password-card" ref={card}>
      <Form form={form} layout="vertical" name="change-password" onFinish={onFinish}>
        <Form.Item label="Old Password" name="old_password" rules={[{ required: true, message: 'Please enter your old password' }, MIN]}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="New Password" name="new_password" rules={[{ required: true, message: 'Please enter a new password' }, MIN]}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm Password"
          name="confirm_password"
          dependencies={['new_password']}
          rules={[
            { required: true, message: 'Please confirm the new password' },
            MIN,
            ({ getFieldValue }) => ({
              validator: (_, value) => (!value || getFieldValue('new_password') === value ? Promise.resolve() : Promise.reject(new Error('Passwords do not match'))),
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={busy}>Change Password</Button>
      </Form>
    </Card>
  );
}
