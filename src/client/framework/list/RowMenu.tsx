/**
 * A table row's buttons: side by side on a wider screen; on a phone behind one "⋮" button, so
 * four buttons pinned to the right edge never cover the row's figures.
 */
import { useState, type ReactNode } from 'react';
import { Button, Grid, Popover, Space } from 'antd';
import { MoreOutlined } from '@ant-design/icons';

/** Narrower than antd's `sm` (576 px): a phone held upright. */
export function usePhoneWidth(): boolean {
  // Undefined until measured: a desktop is not drawn as a phone for its first frame.
  return Grid.useBreakpoint().sm === false;
}

export function RowMenu({ children, phone }: { children: ReactNode; phone: boolean }) {
  const [open, setOpen] = useState(false);
  if (!phone) return <Space size={4} wrap>{children}</Space>;
  return (
    <Popover
      trigger="click" placement="bottomRight" arrow={false} open={open} onOpenChange={setOpen}
      content={<Space direction="vertical" size={8} className="row-menu">{children}</Space>}
    >
      <Button size="small" icon={<MoreOutlined />} aria-label="Actions" aria-expanded={open} />
    </Popover>
  );
}

/** The Actions column's width on a phone: the one button. */
export const ROW_MENU_WIDTH = 56;
