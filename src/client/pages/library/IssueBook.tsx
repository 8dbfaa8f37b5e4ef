/**
 * The Issue button of an available book in the books list (the librarian's alone, spec 3 §6):
 * a dialog choosing a student or a teacher and the last date to return it, then PUT /library/issue/.
 */
import { useState } from 'react';
import { useLendingAction } from './lendingEvents.js';
import { Button, Form, Modal, Radio } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { RowComponentProps } from '../registry.js';
import { useDeclaredCall } from '../../framework/useDeclaredCall.js';
import { WIRE_DATE } from '../../framework/dates.js';
import { DateItem } from '../../framework/DateInput.js';
import { BorrowerSelect, type BorrowerKind } from './BorrowerSelect.js';
import { BOOK_STATUS } from '../../../generated/enums/library.js';
import { declaredCall } from '../../../shared/calls.js';
import { payloadRules, requiredRule } from '../../framework/form/payloadRules.js';

const ISSUE = declaredCall('book-issues.issue').def.payload!;

interface Values { kind: BorrowerKind; borrower: number | null; last_date: Dayjs | null }

export default function IssueBook({ row }: RowComponentProps) {
  const [open, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const kind = Form.useWatch('kind', form) ?? 'student';
  const issue = useDeclaredCall('book-issues.issue');
  const { busy, run } = useLendingAction();
  if (row.status !== BOOK_STATUS.AVAILABLE) return null;

  const submit = (v: Values) => run(
    () => issue({
      body: {
        book_id: row.id, book_code: row.code, last_date: v.last_date!.format(WIRE_DATE),
        student_id: v.kind === 'student' ? v.borrower : null, teacher_id: v.kind === 'teacher' ? v.borrower : null,
      },
    }),
    () => setOpen(false),
  );

  return (
    <>
      <Button size="small" type="primary" onClick={() => { form.resetFields(); setOpen(true); }}>Issue</Button>
      <Modal
        open={open} title={`Issue ${row.title} (${row.code})`} okText="Issue" confirmLoading={busy}
        onOk={() => form.submit()} onCancel={() => setOpen(false)} destroyOnHidden
      >
        <Form<Values> form={form} name={`issue-${row.id}`} layout="vertical" initialValues={{ kind: 'student', borrower: null, last_date: dayjs().add(14, 'day') }} onFinish={(v) => void submit(v)}>
          <Form.Item name="kind" label="Issue To">
            <Radio.Group onChange={() => form.setFieldValue('borrower', null)} options={[{ value: 'student', label: 'Student' }, { value: 'teacher', label: 'Teacher' }]} />
          </Form.Item>
          <Form.Item name="borrower" label={kind === 'student' ? 'Student' : 'Teacher'} rules={[requiredRule(ISSUE, kind === 'student' ? 'student_id' : 'teacher_id')]}>
            <BorrowerSelect kind={kind} label={kind === 'student' ? 'Student' : 'Teacher'} />
          </Form.Item>
          <DateItem name="last_date" label="Return Date" rules={payloadRules(ISSUE, 'last_date')}
            picker={{ disabledDate: (d) => d.isBefore(dayjs(), 'day') }} />
        </Form>
      </Modal>
    </>
  );
}
