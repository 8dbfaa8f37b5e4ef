/**
 * The Announcements card of the parent and student dashboard (spec 4 §2.8): the school's web
 * announcement, then the announcements the dashboard call gives for the child (today's or the
 * last five), each opening in the modal, and a link to all of them. It says it is empty only
 * when it shows nothing at all.
 */
import { useState, type ReactNode } from 'react';
import { Card, List, Typography } from 'antd';
import { Link } from 'react-router';
import { resourceByName } from '../../../shared/registry.js';
import { hasRichText } from '../../../shared/richText.js';
import { formatDateTime } from '../../framework/format.js';
import { useAllowed } from '../../framework/useAccess.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { audienceOf, type AnnouncementRow } from './announcementModel.js';
import AnnouncementModal from './AnnouncementModal.js';
import RichText from './RichText.js';

function Announcements({ rows, loading, emptyText }: Props) {
  const [open, setOpen] = useState<AnnouncementRow | null>(null);
  const web = useDeclaredQuery('announcements.web', {}, { errorToast: false });
  const html = web.result?.data?.data ?? '';
  const notice = hasRichText(html);
  return (
    <Card title="Announcements" size="small" extra={<Link to="/announcements/">View all</Link>} data-testid="parent-announcements">
      {notice && <RichText html={html} />}
      {/* Under the school's notice an empty list says nothing: 'No announcements today' right
          below an announcement reads as a contradiction. */}
      {(rows.length > 0 || loading || !notice) && <List<AnnouncementRow>
        size="small"
        loading={loading}
        dataSource={rows}
        locale={{ emptyText }}
        renderItem={(a) => (
          <List.Item key={a.id} style={{ display: 'block', paddingInline: 0 }}>
            <Typography.Link onClick={() => setOpen(a)} style={{ fontWeight: 600 }}>{a.title}</Typography.Link>
            <div><Typography.Text type="secondary">{formatDateTime(a.timestamp)} · {audienceOf(a)}</Typography.Text></div>
          </List.Item>
        )}
      />}
      <AnnouncementModal row={open} onClose={() => setOpen(null)} />
    </Card>
  );
}

interface Props { rows: AnnouncementRow[]; loading: boolean; emptyText: ReactNode }

/** Not shown when the school has announcements switched off. */
export default function ParentAnnouncements(props: Props) {
  return useAllowed(resourceByName('announcements'), 'read') ? <Announcements {...props} /> : null;
}
