/**
 * Delete Student (spec 1, 4): reason 1 duplicate/incorrect entry (the default; the record and
 * everything hanging off it is removed) or 2 TC (the student leaves, history kept): students.remove.
 */
import { useEffect, useState } from 'react';
import { Modal, Radio, Space, Typography } from 'antd';
import { useDeclaredCall } from '../../../framework/useDeclaredCall.js';

export default function DeleteStudentModal({ open, student, onClose }: {
  open: boolean;
  student: { id: number; fullname: string } | null | undefined;
  onClose: (deleted: boolean) => void;
}) {
  const removeStudent = useDeclaredCall('students.remove');
  const [reason, setReason] = useState<1 | 2>(1);
  const [busy, setBusy] = useState(false);

  useEffect(() => { if (open) setReason(1); }, [open]);

  const remove = async () => {
    if (!student) return;
    setBusy(true);
    try {
      await removeStudent({ params: { id: student.id, reason: String(reason) } });
      onClose(true);
    } catch {
      // Refused: the server's words are shown; the dialog stays open.
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      open={open}
      title="Delete Student"
      okText="Delete"
      okButtonProps={{ danger: true }}
      onOk={remove}
      confirmLoading={busy}
      onCancel={() => !busy && onClose(false)}
      destroyOnHidden
    >
      <Typography.Paragraph>Delete <b>{student?.fullname}</b>? Choose the reason:</Typography.Paragraph>
      <Radio.Group value={reason} onChange={(e) => setReason(e.target.value)} disabled={busy} aria-label="Reason">
        <Space direction="vertical">
          <Radio value={1}>Duplicate/Incorrect entry <Typography.Text type="secondary">(the record and everything about it is removed)</Typography.Text></Radio>
          <Radio value={2}>TC <Typography.Text type="secondary">(the student has left; the history is kept)</Typography.Text></Radio>
        </Space>
      </Radio.Group>
    </Modal>
  );
}
