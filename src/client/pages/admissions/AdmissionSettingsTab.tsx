/**
 * The Settings page's Admissions tab (spec 3 §2, §5): whether the public form takes
 * applications, the classes it offers, the application fee (at least ₹10, or empty for none),
 * and the share link /admissions/apply/{school_code}/{adm_application_token}/ with Copy and
 * Regenerate. A regenerated link replaces the old one at once.
 */
import { useEffect, useState } from 'react';
import { useList } from '@refinedev/core';
import { Alert, App, Button, Form, Input, InputNumber, Popconfirm, Select, Space, Spin, Switch } from 'antd';
import { CopyOutlined, ReloadOutlined } from '@ant-design/icons';
import { declaredCall } from '../../../shared/calls.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { callDeclared, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { errorText } from '../../framework/useCall.js';

const payload = declaredCall('admission-settings.save').def.payload!;

export function AdmissionSettingsTab() {
  const { notification, message } = App.useApp();
  const { result, query } = useDeclaredQuery('admission-settings.get');
  const classes = useList<{ class?: string }>({ resource: 'classes', pagination: { mode: 'off' }, errorNotification: false });
  const loaded = query.isSuccess ? result?.data : undefined;
  const [form] = Form.useForm();
  const [link, setLink] = useState('');
  const [saving, setSaving] = useState(false);
  const [regenerating, setRegenerating] = useState(false);
  useEffect(() => {
    if (!loaded) return;
    form.setFieldsValue({ adm_enabled: loaded.adm_enabled === '1', adm_classes_list: loaded.adm_classes_list, adm_application_fees: loaded.adm_application_fees });
    setLink(loaded.adm_short_url);
  }, [loaded, form]);
  if (query.isLoading) return <Spin style={{ display: 'block', margin: 32 }} />;
  if (!loaded) return <Alert type="error" showIcon message="Could not load the admission settings." />;
  const rows = classes.result?.data ?? [];
  const classNames = [...new Set(rows.map((c) => c.class).filter((c): c is string => !!c))];

  const save = async (v: { adm_enabled: boolean; adm_classes_list?: string[]; adm_application_fees?: number | null }) => {
    setSaving(true);
    try {
      const { message: said } = await callDeclared('admission-settings.save', {
        body: { adm_enabled: v.adm_enabled ? '1' : '0', adm_classes_list: v.adm_classes_list ?? [], adm_application_fees: v.adm_application_fees ?? null },
      });
      notification.success({ message: said ?? 'Admissions Settings Updated' });
    } catch (e) {
      notification.error({ message: errorText(e) });
    } finally {
      setSaving(false);
    }
  };
  const regenerate = async () => {
    setRegenerating(true);
    try {
      const { data, message: said } = await callDeclared('admission-settings.regenerate', { body: undefined });
      setLink(data.adm_short_url);
      notification.success({ message: said ?? 'URL Updated' });
    } catch (e) {
      notification.error({ message: errorText(e) });
    } finally {
      setRegenerating(false);
    }
  };
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      message.success('Link copied');
    } catch {
      message.info(link);
    }
  };

  return (
    <Space direction="vertical" size="large" style={{ width: '100%', maxWidth: 640 }}>
      <Form form={form} layout="vertical" onFinish={save}>
        <Form.Item label="Accept Applications" name="adm_enabled" valuePropName="checked"><Switch /></Form.Item>
        <Form.Item label="Classes Open" name="adm_classes_list" extra="Parents choose one of these on the application form">
          <Select mode="tags" options={classNames.map((c) => ({ value: c, label: c }))} placeholder="Select or type classes" />
        </Form.Item>
        <Form.Item label="Application Fees (₹)" name="adm_application_fees" rules={payloadRules(payload, 'adm_application_fees')} extra="Leave empty for no fee">
          <InputNumber min={0} step={1} precision={2} style={{ width: 200 }} />
        </Form.Item>
        <Button type="primary" htmlType="submit" loading={saving}>Save</Button>
      </Form>
      <div>
        <label htmlFor="adm-share-link" style={{ display: 'block', fontWeight: 600, marginBottom: 4 }}>Application Link</label>
        <Space.Compact style={{ width: '100%' }}>
          <Input id="adm-share-link" readOnly value={link} data-testid="admission-link" />
          <Button icon={<CopyOutlined />} aria-label="Copy link" onClick={() => void copy()} />
          <Popconfirm title="Make a new link?" description="The current link stops working at once." onConfirm={() => void regenerate()} okText="Regenerate">
            <Button icon={<ReloadOutlined />} loading={regenerating} aria-label="Regenerate link">Regenerate</Button>
          </Popconfirm>
        </Space.Compact>
      </div>
    </Space>
  );
}
