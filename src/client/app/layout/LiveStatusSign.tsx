import { Tag, Tooltip } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useLiveStatus } from '../../live/useLive.js';

/** A small sign in the header while the live connection is down after being up; nothing otherwise. */
export function LiveStatusSign() {
  const status = useLiveStatus();
  if (status !== 'reconnecting') return null;
  return (
    <Tooltip title="New notifications will arrive once the connection is back">
      <Tag icon={<SyncOutlined spin />} color="warning" role="status" data-testid="live-reconnecting" style={{ marginInlineEnd: 0 }}>
        Reconnecting
      </Tag>
    </Tooltip>
  );
}
