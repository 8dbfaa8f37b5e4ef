/**
 * The Settings page's SMS tab (spec 3): the master switch and the five kinds of automatic text.
 * With the master switch off the others are disabled (and no text goes out, whatever they say);
 * beside them, the texts sent so far and the gateway's balance when it reports one.
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Descriptions, Space, Spin, Switch } from 'antd';
import { callDeclared, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { ApiError } from '../../api.js';

type Key = 'sms' | 'smart_sms' | 'announcements_sms' | 'messages_sms' | 'fee_payment_sms' | 'attendance_sms';

const SWITCHES: Array<[Key, string]> = [
  ['sms', 'SMS'], ['smart_sms', 'Smart SMS'], ['announcements_sms', 'Announcements SMS'],
  ['messages_sms', 'Messages SMS'], ['fee_payment_sms', 'Fee Payment SMS'], ['attendance_sms', 'Attendance SMS'],
];
/** Spec 3 §9: the balance is low under this many texts. */
const LOW_BALANCE = 50;

export function SmsSettingsTab() {
  const { notification } = App.useApp();
  const { result, query } = useDeclaredQuery('school.smsSettings');
  const loaded = query.isSuccess ? result?.data : undefined;
  const [values, setValues] = useState<Record<Key, '0' | '1'> | null>(null);
  const [saving, setSaving] = useState(false);
  useEffect(() => { if (loaded) setValues(Object.fromEntries(SWITCHES.map(([k]) => [k, loaded[k]])) as Record<Key, '0' | '1'>); }, [loaded]);
  if (query.isLoading) return <Spin style={{ display: 'block', margin: 32 }} />;
  if (!loaded || !values) return <Alert type="error" showIcon message="Could not load the SMS settings." />;
  const master = values.sms === '1';

  const save = async () => {
    setSaving(true);
    try {
      const { data, message } = await callDeclared('school.saveSmsSettings', { body: values });
      notification.success({ message: message ?? 'SMS Settings Updated' });
      setValues(Object.fromEntries(SWITCHES.map(([k]) => [k, data[k]])) as Record<Key, '0' | '1'>);
    } catch (e) {
      notification.error({ message: e instanceof ApiError && e.statusCode !== 0 ? e.message : 'Failed to Update SMS Settings' });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      {loaded.sms_balance !== null && loaded.sms_balance < LOW_BALANCE && <Alert type="warning" showIcon message="SMS Balance is Low" />}
      <Descriptions column={1} size="small" bordered data-testid="sms-settings">
        {SWITCHES.map(([key, label]) => (
          <Descriptions.Item key={key} label={<label htmlFor={`sms-${key}`}>{label}</label>}>
            <Switch id={`sms-${key}`} checked={values[key] === '1'} disabled={key !== 'sms' && !master}
              onChange={(on) => setValues({ ...values, [key]: on ? '1' : '0' })} />
          </Descriptions.Item>
        ))}
        <Descriptions.Item label="SMS Sent">{loaded.sms_sent}</Descriptions.Item>
        <Descriptions.Item label="SMS Balance">{loaded.sms_balance ?? 'Not reported by the SMS gateway'}</Descriptions.Item>
      </Descriptions>
      <Button type="primary" loading={saving} onClick={() => void save()}>Save</Button>
    </Space>
  );
}
