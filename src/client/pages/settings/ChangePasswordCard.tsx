import { useEffect, useRef, useState } from 'react';
import { App, Button, Card, Form, Input } from 'antd';
import { ApiError, GENERIC_ERROR } from '../../api.js';
import { useSession } from '../../app/SessionContext.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { accountCall, accountCalls } from '../../public/accountCall.js';

interface Values { old_password: string; new_password: string; confirm_password: string }

const { payload, errors } = accountCalls.changePassword;
const rule = (field: keyof Values) => payloadRules(payload, field);

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
      const { message } = await accountCall('changePassword', v);
      notification.success({ message });
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
        <Form.Item label="Old Password" name="old_password" rules={rule('old_password')}>
          <Input.Password autoComplete="current-password" />
        </Form.Item>
        <Form.Item label="New Password" name="new_password" rules={rule('new_password')}>
          <Input.Password autoComplete="new-password" />
        </Form.Item>
        <Form.Item
          label="Confirm Password"
          name="confirm_password"
          dependencies={['new_password']}
          rules={[
            ...rule('confirm_password'),
            ({ getFieldValue }) => ({
              validator: (_, value) => (!value || getFieldValue('new_password') === value ? Promise.resolve() : Promise.reject(new Error(errors.mismatch))),
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
