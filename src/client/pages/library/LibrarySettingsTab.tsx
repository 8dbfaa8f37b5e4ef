/**
 * The Settings page's Library tab (spec 3 §3 Library settings): how many books one borrower may
 * hold at once, and the fine for each day a book is kept past its last date (prefilled on return).
 */
import { useEffect, useState } from 'react';
import { Alert, App, Button, Form, InputNumber, Spin } from 'antd';
import { callDeclared, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { MoneyInput, paiseRule } from '../../framework/MoneyInput.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { declaredCall } from '../../../shared/calls.js';
import { errorText } from '../../framework/useCall.js';

interface Values { lib_max_books_allowed: number; lib_fine_per_day: number }

export function LibrarySettingsTab() {
  const { notification } = App.useApp();
  const { result, query } = useDeclaredQuery('books.settings');
  const [form] = Form.useForm<Values>();
  const [saving, setSaving] = useState(false);
  const loaded = query.isSuccess ? result.data : undefined;
  useEffect(() => { if (loaded) form.setFieldsValue(loaded); }, [loaded, form]);
  if (query.isLoading) return <Spin style={{ display: 'block', margin: 32 }} />;
  if (!loaded) return <Alert type="error" showIcon message="Could not load the library settings." />;
  const payload = declaredCall('books.saveSettings').def.payload!;

  const save = async (v: Values) => {
    setSaving(true);
    try {
      const { data, message } = await callDeclared('books.saveSettings', { body: v });
      notification.success({ message: message ?? 'Library settings updated' });
      form.setFieldsValue(data);
    } catch (e) {
      notification.error({ message: errorText(e) });
    } finally {
      setSaving(false);
    }
  };

  return (
    <Form<Values> form={form} layout="vertical" style={{ maxWidth: 360 }} initialValues={loaded} onFinish={(v) => void save(v)}>
      <Form.Item name="lib_max_books_allowed" label="Max Books Allowed" extra="Books one student or teacher may hold at once" rules={payloadRules(payload, 'lib_max_books_allowed')}>
        <InputNumber min={1} precision={0} style={{ width: '100%' }} />
      </Form.Item>
      <Form.Item name="lib_fine_per_day" label="Fine Per Day" extra="Charged for each day a book is returned late" rules={[...payloadRules(payload, 'lib_fine_per_day'), paiseRule]}>
        <MoneyInput min={0} style={{ width: '100%' }} />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={saving}>Save</Button>
    </Form>
  );
}
