/**
 * /announcements/ (spec 2 §2): the announcements this person may read, newest first, a page at
 * a time; one opens in a modal. A list of cards rather than a table, so a parent's phone shows
 * it without sideways scrolling. Staff who may make one get New Announcement; admins also Web
 * Announcement.
 */
import { useEffect, useState } from 'react';
import { App, Button, Card, List, Space, Tag, Typography } from 'antd';
import { EditOutlined, PaperClipOutlined, PlusOutlined } from '@ant-design/icons';
import { Link } from 'react-router';
import type { PageProps } from '../registry.js';
import { totalOf } from '../../../shared/plural.js';
import { formatDateTime } from '../../framework/format.js';
import { usePageButton } from '../../framework/useAccess.js';
import { errorText } from '../../framework/useCall.js';
import { callDeclared } from '../../framework/useDeclaredCall.js';
import { audienceOf, excerpt, type AnnouncementRow } from './announcementModel.js';
import AnnouncementModal from './AnnouncementModal.js';

const PAGE_SIZE = 20;

/** One page of the announcements, with how many there are in all. */
function useAnnouncementsPage(page: number) {
  const { notification } = App.useApp();
  const [state, setState] = useState<{ rows: AnnouncementRow[]; total: number; loading: boolean }>({ rows: [], total: 0, loading: true });
  useEffect(() => {
    let live = true;
    setState((s) => ({ ...s, loading: true }));
    callDeclared('announcements.list', { query: { page: String(page), page_size: String(PAGE_SIZE) } })
      .then(({ data, total }) => live && setState({ rows: data, total: total ?? data.length, loading: false }))
      .catch((e) => {
        if (!live) return;
        setState((s) => ({ ...s, loading: false }));
        notification.error({ message: errorText(e) });
      });
    return () => { live = false; };
  }, [page, notification]);
  return state;
}

export default function AnnouncementList({ resource }: PageProps) {
  const [page, setPage] = useState(1);
  const [open, setOpen] = useState<AnnouncementRow | null>(null);
  const canMake = usePageButton(resource, 'list', 'make');
  const canWeb = usePageButton(resource, 'list', 'web');
  const { rows, total, loading } = useAnnouncementsPage(page);

  return (
    <Card
      title="Announcements"
      extra={(canMake || canWeb) && (
        <Space wrap>
          {canWeb && <Link to="/announcements/web/"><Button icon={<EditOutlined />}>Web Announcement</Button></Link>}
          {canMake && <Link to="/announcements/new"><Button type="primary" icon={<PlusOutlined />}>New Announcement</Button></Link>}
        </Space>
      )}
      styles={{ header: { flexWrap: 'wrap', gap: 8, paddingBlock: 8 } }}
    >
      <List<AnnouncementRow>
        loading={loading}
        dataSource={rows}
        locale={{ emptyText: 'No announcements' }}
        pagination={total > PAGE_SIZE ? { current: page, pageSize: PAGE_SIZE, total, showSizeChanger: false, showTotal: totalOf('announcement'), onChange: setPage, size: 'small' } : false}
        renderItem={(a) => (
          <List.Item key={a.id} data-testid={`announcement-${a.id}`} style={{ display: 'block' }}>
            <Button type="link" onClick={() => setOpen(a)} style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left', fontWeight: 600 }}>
              {a.title}
            </Button>
            <div>
              <Space size={[8, 0]} wrap>
                <Typography.Text type="secondary">{formatDateTime(a.timestamp)}</Typography.Text>
                <Tag style={{ marginInlineEnd: 0 }}>{audienceOf(a)}</Tag>
                {(a.files ?? []).length > 0 && <Typography.Text type="secondary"><PaperClipOutlined /> {(a.files ?? []).length}</Typography.Text>}
              </Space>
            </div>
            <Typography.Paragraph type="secondary" style={{ margin: '4px 0 0', overflowWrap: 'anywhere' }}>{excerpt(a.content)}</Typography.Paragraph>
          </List.Item>
        )}
      />
      <AnnouncementModal row={open} onClose={() => setOpen(null)} />
    </Card>
  );
}
