/**
 * School details (/admin-actions/about, spec 3): name, short name, phone, address and logo
 * (jpg, jpeg, png or gif), shown in every header once saved.
 */
import { useEffect, useState } from 'react';
import { App, Button, Card, Form, Input, Space, Upload } from 'antd';
import { UploadOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { declaredCall } from '../../../shared/calls.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { uploadFile, uploadRule } from '../../framework/upload.js';
import { errorText } from '../../framework/useCall.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { usePageButton } from '../../framework/useAccess.js';
import { useSession } from '../../app/SessionContext.js';

const rules = (k: string) => payloadRules(declaredCall('school-details.save').def.payload!, k);
const LOGO = 'school-logo';

interface Values { school_name: string; school_short_name: string; phone_number: string; school_address: string; school_logo: string }

export default function SchoolDetails({ resource }: PageProps) {
  const { notification } = App.useApp();
  const [form] = Form.useForm<Values>();
  const session = useSession();
  const mayEdit = usePageButton(resource, 'about', 'save');
  const { result, query } = useDeclaredQuery('school.about');
  const loaded = query.isSuccess ? result?.data : undefined;
  const save = useDeclaredCall('school-details.save');
  const [busy, setBusy] = useState(false);
  const [uploading, setUploading] = useState(false);
  const logo = Form.useWatch('school_logo', form);

  useEffect(() => {
    if (!loaded) return;
    form.setFieldsValue({
      school_name: loaded.school_name, school_short_name: loaded.school_short_name ?? '', phone_number: loaded.phone_number,
      school_address: loaded.school_address, school_logo: loaded.school_logo,
    });
  }, [loaded, form]);

  const pick = async (file: File) => {
    const problem = uploadRule(LOGO).problem(file);
    if (problem) {
      notification.error({ message: problem });
      return;
    }
    setUploading(true);
    try {
      const up = await uploadFile(file, LOGO);
      form.setFieldsValue({ school_logo: up.path });
    } catch (e) {
      notification.error({ message: errorText(e) });
    } finally {
      setUploading(false);
    }
  };

  const submit = async (v: Values) => {
    setBusy(true);
    try {
      await save({ body: { ...v, school_logo: v.school_logo ?? '' } });
      await session.reload();
    } catch {
      // The server's words are shown.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Card title="School Details" loading={query.isLoading} style={{ maxWidth: 640 }}>
      <Form form={form} layout="vertical" name="school-details" disabled={busy || !mayEdit} onFinish={submit}>
        <Form.Item label="School Name" name="school_name" rules={rules('school_name')}><Input /></Form.Item>
        <Form.Item label="Short Name" name="school_short_name" rules={rules('school_short_name')}><Input /></Form.Item>
        <Form.Item label="Phone Number" name="phone_number" rules={rules('phone_number')}><Input inputMode="numeric" /></Form.Item>
        <Form.Item label="Address" name="school_address" rules={rules('school_address')}><Input.TextArea rows={3} /></Form.Item>
        <Form.Item name="school_logo" hidden><Input /></Form.Item>
        <Form.Item label="Logo">
          <Space align="start">
            {logo ? <img src={logo} alt="School logo" style={{ width: 72, height: 72, objectFit: 'contain', border: '1px solid #f0f0f0' }} /> : null}
            <Upload accept={uploadRule(LOGO).accept} showUploadList={false} beforeUpload={(f) => { void pick(f); return false; }}>
              <Button icon={<UploadOutlined />} loading={uploading}>Upload Logo</Button>
            </Upload>
          </Space>
        </Form.Item>
        {mayEdit && <Button type="primary" htmlType="submit" loading={busy}>Save</Button>}
      </Form>
    </Card>
  );
}
