/**
 * /visitors/new/ (spec 3 Visitors): the gate's form, the visitor's details and a photo from the
 * camera, sent as PUT /visitors/; 'Visitor Added' and back to the active visitors. The checks and
 * their words are the add call's payload schema's.
 */
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { Button, Card, Col, Form, Input, Row } from 'antd';
import type { PageProps } from '../registry.js';
import { payloadRules } from '../../framework/form/payloadRules.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import { declaredCall } from '../../../shared/calls.js';
import { CameraCapture } from './parts/CameraCapture.js';

const ADD = declaredCall('visitors.add').def.payload!;
const rules = (field: string) => payloadRules(ADD, field);

interface Values {
  name?: string; mobile?: string; student_name?: string; class?: string; address?: string;
  person_visiting?: string; reason_visiting?: string; entry_gate?: string;
}

/** Optional text: trimmed, and null when left blank. */
const optional = (v?: string) => (v?.trim() ? v.trim() : null);

export default function NewVisitor(_props: PageProps) {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [photo, setPhoto] = useState<string | null>(null);
  const add = useDeclaredCall('visitors.add');
  const { busy, run } = useBusyAction();

  const save = (v: Values) => run(async () => {
    await add({
      body: {
        name: v.name!.trim(), mobile: v.mobile!.trim(), address: v.address!.trim(), reason_visiting: v.reason_visiting!.trim(), entry_gate: v.entry_gate!.trim(),
        student_name: optional(v.student_name), class: optional(v.class), person_visiting: optional(v.person_visiting), photo,
      },
    });
    navigate('/visitors/');
  });

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card title="New Visitor">
          <Form<Values> form={form} layout="vertical" name="visitor" onFinish={save} disabled={busy}>
            <Form.Item label="Visitor Name" name="name" rules={rules('name')}><Input autoComplete="off" /></Form.Item>
            <Form.Item label="Mobile" name="mobile" rules={rules('mobile')}><Input inputMode="tel" autoComplete="off" /></Form.Item>
            <Form.Item label="Address" name="address" rules={rules('address')}><Input.TextArea rows={2} /></Form.Item>
            <Row gutter={12}>
              <Col xs={24} sm={12}><Form.Item label="Student Name" name="student_name" rules={rules('student_name')}><Input /></Form.Item></Col>
              <Col xs={24} sm={12}><Form.Item label="Class" name="class" rules={rules('class')}><Input placeholder="e.g. 5 - A" /></Form.Item></Col>
            </Row>
            <Form.Item label="Person Visiting" name="person_visiting" rules={rules('person_visiting')}><Input /></Form.Item>
            <Form.Item label="Reason Visiting" name="reason_visiting" rules={rules('reason_visiting')}><Input.TextArea rows={2} /></Form.Item>
            <Form.Item label="Entry Gate" name="entry_gate" rules={rules('entry_gate')}><Input placeholder="e.g. Main Gate" /></Form.Item>
            <Button type="primary" htmlType="submit" loading={busy}>Submit</Button>
          </Form>
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <Card title="Photo">
          <CameraCapture value={photo} onChange={setPhoto} disabled={busy} />
        </Card>
      </Col>
    </Row>
  );
}
