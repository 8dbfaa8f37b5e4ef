import { useEffect, useRef, useState } from 'react';
import { Badge, Button, Empty, List, Popover, Typography } from 'antd';
import { BellOutlined } from '@ant-design/icons';
import dayjs from 'dayjs';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { followNotifications, mergeNotes, type Note } from '../../live/notifications.js';
import { liveConnection } from '../../live/useLive.js';

/**
 * The notifications popover: title, relative time and body of each; an empty state when none.
 * New ones arrive on the socket while the page is open, and those missed while it was down after a reconnect.
 */
export function Notifications() {
  // A failing bell should not interrupt every page with error toasts.
  const { result, query } = useDeclaredQuery('account.notifications', {}, { errorToast: false });
  const loaded: Note[] = Array.isArray(result?.data) ? result.data : [];
  const seed = useRef(loaded);
  seed.current = loaded;
  const [pushed, setPushed] = useState<Note[]>([]);
  useEffect(() => {
    const live = liveConnection();
    return live ? followNotifications(live, () => seed.current, setPushed) : undefined;
  }, []);
  const notes = mergeNotes(loaded, pushed);
  const content = (
    // Focusable, so that a keyboard can scroll a long list (the list has no controls of its own).
    <div tabIndex={0} role="region" aria-label="Notification list" style={{ width: 'min(320px, calc(100vw - 32px))', maxHeight: 400, overflowY: 'auto' }}>
      {notes.length === 0 ? (
        <Empty description="No notifications" image={Empty.PRESENTED_IMAGE_SIMPLE} />
      ) : (
        <List
          dataSource={notes}
          renderItem={(n) => (
            <List.Item key={n.id}>
              <List.Item.Meta
                title={<span>{n.title} <Typography.Text type="secondary" style={{ fontSize: 12 }}>{dayjs(n.timestamp).fromNow()}</Typography.Text></span>}
                description={n.body}
              />
            </List.Item>
          )}
        />
      )}
    </div>
  );
  return (
    // Below the bell, shifted sideways as far as a phone's screen needs (antd shifts 'bottom', not 'bottomRight').
    <Popover content={content} title="Notifications" trigger="click" placement="bottom" onOpenChange={(open) => open && query.refetch()}>
      <Button
        type="text"
        // The badge's count is visible text, so the name holds it too.
        aria-label={notes.length ? `Notifications, ${notes.length} new` : 'Notifications'}
        title="Notifications"
        icon={<Badge count={notes.length} size="small"><BellOutlined /></Badge>} />
    </Popover>
  );
}
