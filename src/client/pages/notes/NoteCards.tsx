/**
 * A class's notes as cards (name, subject, date, description) with a Download button each, and
 * Delete for those who may: the staff list and a parent's phone screen show them alike.
 */
import { Alert, Button, Card, List, Popconfirm, Space, Tag, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../framework/format.js';
import type { CallData } from '../../framework/useDeclaredCall.js';

export type NoteRow = CallData<'notes.list'>[number];

/** The file's own name, from the address the store serves it at. */
export const fileNameOf = (url: string) => decodeURIComponent(url.split('/').pop() ?? 'note');

export function NoteCards({ notes, loading, failed, onDelete }: {
  notes: NoteRow[]; loading: boolean; failed: boolean; onDelete?: (note: NoteRow) => Promise<unknown>;
}) {
  if (failed) return <Alert type="error" showIcon message="Could not load the notes." />;
  return (
    <List
      loading={loading}
      dataSource={notes}
      locale={{ emptyText: 'No notes for this class yet.' }}
      renderItem={(n) => (
        <List.Item style={{ paddingInline: 0 }}>
          <Card size="small" style={{ width: '100%' }} title={<span style={{ whiteSpace: 'normal' }}>{n.name}</span>}
            extra={n.subject_name ? <Tag color="blue">{n.subject_name}</Tag> : null}>
            {n.description ? <Typography.Paragraph style={{ whiteSpace: 'pre-wrap' }}>{n.description}</Typography.Paragraph> : null}
            <Space wrap style={{ width: '100%', justifyContent: 'space-between' }}>
              <Typography.Text type="secondary">{formatDateTime(n.uploaded_on)}</Typography.Text>
              <Space>
                <Button type="primary" icon={<DownloadOutlined />} href={n.url} download={fileNameOf(n.url)} aria-label={`Download ${n.name}`}>Download</Button>
                {onDelete && (
                  <Popconfirm title="Delete this note?" okText="Delete" okButtonProps={{ danger: true }} onConfirm={() => onDelete(n)}>
                    <Button danger icon={<DeleteOutlined />} aria-label={`Delete ${n.name}`}>Delete</Button>
                  </Popconfirm>
                )}
              </Space>
            </Space>
          </Card>
        </List.Item>
      )}
    />
  );
}
