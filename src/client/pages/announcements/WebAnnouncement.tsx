/**
 * /announcements/web/ (spec 2 §2): the school's web announcement in a rich-text editor, for
 * admins. The server keeps it sanitised ('Announcement data saved'); parents read it on their
 * dashboard.
 */
import { useState } from 'react';
import { Alert, Button, Card, Space, Spin, Typography } from 'antd';
import type { PageProps } from '../registry.js';
import { useBusyAction } from '../../framework/useBusyAction.js';
import { useDeclaredCall, useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import RichTextEditor from './RichTextEditor.js';

export default function WebAnnouncement(_props: PageProps) {
  const { result, query } = useDeclaredQuery('announcements.web');
  const save = useDeclaredCall('announcements.saveWeb', { errorToast: false });
  const { busy, run } = useBusyAction();
  const [html, setHtml] = useState<string | null>(null);
  const saved = result?.data?.data;

  if (query.isLoading) return <Spin style={{ display: 'block', margin: 48 }} />;
  if (query.isError) return <Alert type="error" showIcon message="The web announcement could not be loaded" />;
  const current = html ?? saved ?? '';

  return (
    <Card title="Web Announcement" style={{ maxWidth: 900 }}>
      <Typography.Paragraph type="secondary">Parents see this on their dashboard.</Typography.Paragraph>
      <RichTextEditor label="Web announcement" value={saved ?? ''} onChange={setHtml} />
      <Space style={{ marginTop: 16 }}>
        <Button type="primary" loading={busy} disabled={html === null}
          onClick={() => run(async () => { const out = await save({ body: { data: current } }); setHtml(null); await query.refetch(); return out; })}>
          Save
        </Button>
      </Space>
    </Card>
  );
}
