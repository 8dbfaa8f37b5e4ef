/**
 * One announcement to read (spec 2 §2, the list's modal): title, date, who it is for, the
 * message as written, and the attachments as links. It asks the server for the announcement, so
 * what it shows is what this person may read; the list's row stands in while it loads.
 */
import { Modal, Space, Spin, Tag, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { formatDateTime } from '../../framework/format.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { audienceOf, type AnnouncementRow } from './announcementModel.js';

export default function AnnouncementModal({ row, onClose }: { row: AnnouncementRow | null; onClose: () => void }) {
  const { result, query } = useDeclaredQuery('announcements.one', { params: { id: row?.id ?? 0 } }, { enabled: row !== null });
  const a = result?.data && row && result.data.id === row.id ? result.data : row;
  return (
    <Modal open={row !== null} title={a?.title} onCancel={onClose} footer={null} destroyOnHidden width={640}>
      {a && (
        <Spin spinning={query.isFetching && !result?.data}>
          <Space size={[8, 4]} wrap style={{ marginBottom: 12 }}>
            <Typography.Text type="secondary">{formatDateTime(a.timestamp)}</Typography.Text>
            <Tag>{audienceOf(a)}</Tag>
            {a.sent_by_name && <Typography.Text type="secondary">by {a.sent_by_name}</Typography.Text>}
          </Space>
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}>{a.content}</Typography.Paragraph>
          {(a.files ?? []).length > 0 && (
            <>
              <Typography.Title level={5}>Attachments</Typography.Title>
              <ul style={{ paddingLeft: 20, margin: 0 }}>
                {(a.files ?? []).map((f) => (
                  <li key={f.path} style={{ overflowWrap: 'anywhere' }}>
                    <a href={f.url} target="_blank" rel="noopener noreferrer"><PaperClipOutlined /> {f.name}</a>
                  </li>
                ))}
              </ul>
            </>
          )}
        </Spin>
      )}
    </Modal>
  );
}
