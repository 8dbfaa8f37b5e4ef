/**
 * A lead's details (/admissions/lead/:id): the card with an Edit button, the contact log table
 * and the Add modal (mode call by default, contact time now, summary and details →
 * 'New lead contact entry added!'). The modal's checks are the contact schema's own.
 */
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { Alert, App, Button, Card, Descriptions, Form, Input, Modal, Radio, Space, Table, Typography } from 'antd';
import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import dayjs, { type Dayjs } from 'dayjs';
import { useOne } from '@refinedev/core';
import type { Leads } from '../../../generated/entities/admissions.js';
import type { EntityRow } from '../../../shared/wire.js';
import { errorNotification } from '../../framework/notify.js';
import type { PageProps } from '../registry.js';
import { formatDate, formatDateTime } from '../../framework/format.js';
import { resourceCall, useDeclaredQuery, type CallData } from '../../framework/useDeclaredCall.js';
import { usePageButton } from '../../framework/useAccess.js';
import { errorText } from '../../framework/useCall.js';
import { fieldConfig } from '../../framework/form/CustomFields.js';
import { CONTACT_MODE, leadContactsDef } from './leadsModel.js';
import { LEADS_STATUS, LEADS_STATUS_OPTIONS } from '../../../generated/enums/admissions.js';
import { StatusTag } from '../../framework/StatusTag.js';
import { DateItem } from '../../framework/DateInput.js';
import { payloadRules } from '../../framework/form/payloadRules.js';

const TIME_FORMAT = 'DD-MM-YYYY hh:mm A';
type Contact = CallData<'leads.contacts'>[number];

export default function LeadDetails({ resource }: PageProps) {
  const { id } = useParams();
  const leadId = Number(id);
  const valid = Number.isInteger(leadId) && leadId > 0;
  const navigate = useNavigate();
  const canEdit = usePageButton(resource, 'details', 'edit');
  const canAdd = usePageButton(resource, 'details', 'addContact');
  const [adding, setAdding] = useState(false);

  const lead = useOne<EntityRow<Leads>>({ resource: 'leads', id: leadId, queryOptions: { enabled: valid }, errorNotification });
  const contacts = useDeclaredQuery('leads.contacts', { params: { id: leadId } }, { enabled: valid });
  const l = lead.result;
  const extras = (l?.extras ?? {}) as Record<string, string>;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      {lead.query.isError && <Alert type="error" showIcon message={errorText(lead.query.error)} />}
      <Card
        title={l ? `Lead: ${l.parent_name}` : 'Lead'}
        loading={lead.query.isLoading}
        extra={
          <Space wrap>
            <Link to="/admissions/leads/">All leads</Link>
            {canEdit && <Button icon={<EditOutlined />} onClick={() => navigate(`/admissions/lead/${leadId}/edit`)}>Edit</Button>}
          </Space>
        }
      >
        {l && (
          <Descriptions column={{ xs: 1, sm: 2, lg: 3 }} size="small">
            <Descriptions.Item label="Parent Name">{l.parent_name}</Descriptions.Item>
            <Descriptions.Item label="Mobile">{l.mobile}</Descriptions.Item>
            <Descriptions.Item label="Email">{l.email ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Student Name">{l.student_name ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Class">{l.class ?? '—'}</Descriptions.Item>
            <Descriptions.Item label="Status"><StatusTag options={LEADS_STATUS_OPTIONS} value={l?.status ?? LEADS_STATUS.UNKNOWN} /></Descriptions.Item>
            {extras.dob && <Descriptions.Item label="Date of Birth">{formatDate(extras.dob)}</Descriptions.Item>}
            {Object.entries(extras).filter(([k]) => k !== 'dob').map(([k, v]) => (
              <Descriptions.Item key={k} label={k === 'referrer' ? 'Referred By' : k.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase())}>{v}</Descriptions.Item>
            ))}
            <Descriptions.Item label="Created">{formatDateTime(l.created, TIME_FORMAT)}</Descriptions.Item>
            <Descriptions.Item label="Updated">{formatDateTime(l.updated, TIME_FORMAT)}</Descriptions.Item>
          </Descriptions>
        )}
      </Card>
      <Card
        title="Contact Log"
        extra={canAdd && <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding(true)}>Add</Button>}
      >
        <Table<Contact>
          rowKey="id"
          dataSource={Array.isArray(contacts.result?.data) ? contacts.result.data : []}
          loading={contacts.query.isFetching}
          size="middle"
          scroll={{ x: true }}
          pagination={{ pageSize: 20, hideOnSinglePage: true }}
          locale={{ emptyText: <Typography.Text type="secondary">No contacts yet</Typography.Text> }}
          columns={[
            { key: 'time', title: 'Contact Time', render: (_: unknown, r) => formatDateTime(r.contact_time, TIME_FORMAT) },
            { key: 'mode', title: 'Mode', render: (_: unknown, r) => CONTACT_MODE.get(r.mode) ?? r.mode },
            { key: 'summary', dataIndex: 'summary', title: 'Summary' },
            { key: 'details', dataIndex: 'details', title: 'Details' },
            { key: 'name', dataIndex: 'name', title: 'Contacted By' },
          ]}
        />
      </Card>
      {adding && <AddContact leadId={valid ? leadId : undefined} onClose={(added) => { setAdding(false); if (added) void contacts.query.refetch(); }} />}
    </Space>
  );
}

interface ContactForm { mode: string; contact_time: Dayjs; summary: string; details?: string }
const rules = (k: string) => fieldConfig(leadContactsDef).rules(k);
/** antd's group renders a plain div; it passes a role through, which its props type does not list. */
const RADIO_GROUP_ROLE = { role: 'radiogroup' } as object;

/** The Add modal; opened without a lead it says 'Error' and closes (spec 3 §4). */
function AddContact({ leadId, onClose }: { leadId: number | undefined; onClose: (added: boolean) => void }) {
  const [form] = Form.useForm<ContactForm>();
  const { notification } = App.useApp();
  const [saving, setSaving] = useState(false);
  useEffect(() => {
    if (leadId === undefined) {
      notification.error({ message: 'Error' });
      onClose(false);
    }
  }, [leadId]); // eslint-disable-line react-hooks/exhaustive-deps
  if (leadId === undefined) return null;
  const onFinish = async (v: ContactForm) => {
    setSaving(true);
    try {
      const res = await resourceCall('lead-contacts', 'create', {
        adm_lead_id: leadId, mode: v.mode, contact_time: v.contact_time.second(0).millisecond(0).toISOString(),
        summary: v.summary.trim(), details: v.details?.trim() || null,
      });
      if (res.message) notification.success({ message: res.message });
      onClose(true);
    } catch (e) {
      notification.error({ message: errorText(e) });
    } finally {
      setSaving(false);
    }
  };
  return (
    <Modal open title="Add Contact" okText="Add" onOk={() => form.submit()} okButtonProps={{ loading: saving }} onCancel={() => onClose(false)} destroyOnHidden>
      <Form<ContactForm> form={form} layout="vertical" name="lead-contact" onFinish={onFinish} initialValues={{ mode: 'call', contact_time: dayjs() }}>
        <Form.Item label="Mode" name="mode" rules={rules('mode')}>
          {/* A radio group's own role, so the required and invalid states the form item adds are allowed on it. */}
          <Radio.Group {...RADIO_GROUP_ROLE} options={[...CONTACT_MODE].map(([value, label]) => ({ value, label }))} />
        </Form.Item>
        <DateItem label="Contact Time" name="contact_time" rules={payloadRules(leadContactsDef.schema, 'contact_time')} picker={{ timeStep: 1, style: { width: 'auto' } }} />
        <Form.Item label="Summary" name="summary" rules={rules('summary')}>
          <Input maxLength={200} />
        </Form.Item>
        <Form.Item label="Details" name="details" rules={rules('details')}>
          <Input.TextArea rows={4} maxLength={5000} />
        </Form.Item>
      </Form>
    </Modal>
  );
}
