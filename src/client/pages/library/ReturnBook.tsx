/**
 * The Return button of an issued book (the librarian's alone, spec 3 §6): the open issue with
 * how late it is ('Late By') and the fine prefilled from the school's fine per day, then
 * POST /library/book/return/{issue_id}/.
 */
import { useState } from 'react';
import { useLendingAction } from './lendingEvents.js';
import { App, Button, Descriptions, Form, Modal, Tag } from 'antd';
import dayjs, { type Dayjs } from 'dayjs';
import type { RowComponentProps } from '../registry.js';
import { callDeclared, useDeclaredCall, type CallData } from '../../framework/useDeclaredCall.js';
import { WIRE_DATE } from '../../framework/dates.js';
import { DateItem } from '../../framework/DateInput.js';
import { formatDate, formatMoney } from '../../framework/format.js';
import { MoneyInput, paiseRule } from '../../framework/MoneyInput.js';
import { errorText } from '../../framework/useCall.js';
import { BOOK_STATUS } from '../../../generated/enums/library.js';
import { declaredCall } from '../../../shared/calls.js';
import { payloadRules, requiredRule } from '../../framework/form/payloadRules.js';

const RETURN = declaredCall('book-issues.return').def.payload!;

type Details = CallData<'book-issues.details'>;
interface Values { fine_amount: number; return_date: Dayjs }

export default function ReturnBook({ row }: RowComponentProps) {
  const { notification } = App.useApp();
  const [issue, setIssue] = useState<Details | null>(null);
  const [loading, setLoading] = useState(false);
  const [form] = Form.useForm<Values>();
  const giveBack = useDeclaredCall('book-issues.return');
  const { busy, run } = useLendingAction();
  if (row.status !== BOOK_STATUS.ISSUED) return null;

  const open = async () => {
    setLoading(true);
    try {
      const { data } = await callDeclared('book-issues.details', { params: { id: row.id } });
      setIssue(data);
    } catch (e) {
      notification.error({ message: errorText(e) });
    } finally {
      setLoading(false);
    }
  };

  const submit = (v: Values) => run(
    () => giveBack({ params: { issue_id: issue!.id }, body: { id: issue!.id, book_id: issue!.book_id, fine_amount: v.fine_amount, return_date: v.return_date.format(WIRE_DATE) } }),
    () => setIssue(null),
  );

  return (
    <>
      <Button size="small" loading={loading} onClick={() => void open()}>Return</Button>
      <Modal
        open={issue !== null} title={`Return ${row.title} (${row.code})`} okText="Return" confirmLoading={busy}
        onOk={() => form.submit()} onCancel={() => setIssue(null)} destroyOnHidden
      >
        {issue && (
          <>
            <Descriptions column={1} size="small" bordered style={{ marginBottom: 16 }}>
              <Descriptions.Item label="Issued To">{issue.student ?? issue.teacher}{issue.student ? ' (Student)' : ' (Teacher)'}</Descriptions.Item>
              <Descriptions.Item label="Issue Date">{formatDate(issue.issue_date)}</Descriptions.Item>
              <Descriptions.Item label="Last Date">{formatDate(issue.last_date)}</Descriptions.Item>
              {issue.days_late > 0 && (
                <Descriptions.Item label="Late By"><Tag color="red">{issue.days_late} {issue.days_late === 1 ? 'day' : 'days'}</Tag> at {formatMoney(issue.fine_per_day)} a day</Descriptions.Item>
              )}
            </Descriptions>
            {/* The fine is prefilled from the days late; the librarian may waive or change it. */}
            <Form<Values>
              form={form} name={`return-${row.id}`} layout="vertical" onFinish={(v) => void submit(v)}
              initialValues={{ fine_amount: issue.fine_amount, return_date: dayjs() }}
            >
              <Form.Item name="fine_amount" label="Fine" rules={[...payloadRules(RETURN, 'fine_amount'), paiseRule]}>
                <MoneyInput min={0} style={{ width: '100%' }} />
              </Form.Item>
              <DateItem name="return_date" label="Return Date" rules={[requiredRule(RETURN, 'return_date')]}
                picker={{ disabledDate: (d) => d.isAfter(dayjs(), 'day') }} />
            </Form>
          </>
        )}
      </Modal>
    </>
  );
}
