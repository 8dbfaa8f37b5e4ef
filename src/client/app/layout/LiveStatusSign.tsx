import { Grid, Tag, Tooltip } from 'antd';
import { SyncOutlined } from '@ant-design/icons';
import { useLiveStatus } from '../../live/useLive.js';

/** A small sign in the header while the live connection is down after being up (the icon alone on a phone); nothing otherwise. */
export function LiveStatusSign() {
  const status = useLiveStatus();
  const wide = Grid.useBreakpoint().sm;
  if (status !== 'reconnecting') return null;
  return (
    <Tooltip title="Reconnecting: new notifications will arrive once the connection is back">
      <Tag icon={<SyncOutlined spin />} color="warning" role="status" aria-label="Reconnecting" data-testid="live-reconnecting" style={{ marginInlineEnd: 0 }}>
        {wide ? 'Reconnecting' : null}
      </Tag>
    </Tooltip>
  );
}
