/**
 * /files/ and /files/{folder} (spec 4 §2.5): the school's files by folder. The top lists the
 * folders with how many files each holds and their size, and the store's whole size; a folder
 * lists its files, each downloaded (with the session's token) from /files/{folder}/{name}.
 */
import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { Breadcrumb, Button, Card, Table, Typography, message as toast } from 'antd';
import { DownloadOutlined, FileOutlined, FolderOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { formatDateTime } from '../../framework/format.js';
import { download } from '../../framework/csv.js';
import { readSession } from '../../session.js';

interface Entry { name: string; size: number; files?: number; type?: string; timestamp: string | null; url?: string }

/** Bytes as a person reads them. */
export function fileSize(n: number): string {
  if (n < 1024) return `${n} B`;
  if (n < 1024 * 1024) return `${(n / 1024).toFixed(1)} KB`;
  if (n < 1024 ** 3) return `${(n / 1024 / 1024).toFixed(1)} MB`;
  return `${(n / 1024 ** 3).toFixed(2)} GB`;
}

/** A folder's name as a title: admission-photo → Admission photo. */
const folderTitle = (name: string) => name.charAt(0).toUpperCase() + name.slice(1).replace(/-/g, ' ');

async function save(entry: Entry) {
  const session = readSession();
  const base = new URL(session?.api || '/', window.location.origin);
  const res = await fetch(new URL(entry.url!, base).toString(), { headers: session ? { Authorization: `Bearer ${session.token}` } : {} });
  if (!res.ok) throw new Error(((await res.json().catch(() => null)) as { error?: string } | null)?.error ?? 'Download failed');
  const url = URL.createObjectURL(await res.blob());
  download(url, entry.name);
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export default function FilesBrowser(_: PageProps) {
  const { folder } = useParams();
  const { result, query } = useDeclaredQuery('files.list', { params: { folder: folder || 'root' } });
  const [busy, setBusy] = useState<string | null>(null);
  const data = result?.data as { type: 'dir' | 'files'; list: Entry[]; size: number; quota?: number | null } | undefined;
  const dir = data?.type === 'dir';

  return (
    <Card
      title={<Breadcrumb items={[{ title: folder ? <Link to="/files/">Files</Link> : 'Files' }, ...(folder ? [{ title: folderTitle(folder) }] : [])]} />}
      extra={data && <Typography.Text type="secondary">{dir ? 'All files' : 'This folder'}: {fileSize(data.size)}{dir && data.quota ? ` of ${fileSize(data.quota)}` : ''}</Typography.Text>}
    >
      <Table<Entry>
        rowKey="name" size="small" loading={query.isLoading} dataSource={data?.list ?? []} pagination={{ pageSize: 50, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        columns={[
          {
            title: 'Name', dataIndex: 'name',
            render: (name: string) => (dir
              ? <Link to={`/files/${name}`}><FolderOutlined /> {folderTitle(name)}</Link>
              : <span><FileOutlined /> {name}</span>),
          },
          ...(dir ? [{ title: 'Files', dataIndex: 'files' }] : [{ title: 'Type', dataIndex: 'type' }]),
          { title: 'Size', dataIndex: 'size', render: (n: number) => fileSize(n) },
          { title: dir ? 'Last added' : 'Added', dataIndex: 'timestamp', render: (v: string | null) => (v ? formatDateTime(v) : '') },
          ...(dir ? [] : [{
            title: '', key: 'download',
            render: (_: unknown, e: Entry) => (
              <Button size="small" icon={<DownloadOutlined />} loading={busy === e.name} aria-label={`Download ${e.name}`}
                onClick={async () => {
                  setBusy(e.name);
                  try { await save(e); } catch (err) { void toast.error((err as Error).message); } finally { setBusy(null); }
                }}>Download</Button>
            ),
          }]),
        ]}
      />
    </Card>
  );
}
