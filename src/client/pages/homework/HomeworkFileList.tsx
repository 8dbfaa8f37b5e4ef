/**
 * A homework's or a solution's files: images shown small (opened full size on a tap), other
 * files as download links. Names are shown as text, never as markup.
 */
import type { ReactNode } from 'react';
import { Image, Space, Typography } from 'antd';
import { PaperClipOutlined } from '@ant-design/icons';
import { isImage, type HomeworkFile } from './homeworkModel.js';

export default function HomeworkFileList({ files, action }: { files: HomeworkFile[] | null | undefined; action?: (f: HomeworkFile) => ReactNode }) {
  if (!files?.length) return null;
  return (
    <Space direction="vertical" size={6} style={{ width: '100%' }}>
      {files.map((f) => (
        <div key={f.path} style={{ overflowWrap: 'anywhere' }}>
          {isImage(f.name) ? (
            <Space align="start" wrap>
              <Image src={f.url} alt={f.name} width={160} style={{ maxWidth: '100%', objectFit: 'contain', border: '1px solid #f0f0f0' }} />
              {action?.(f)}
            </Space>
          ) : (
            <Typography.Link href={f.url} target="_blank" rel="noopener noreferrer"><PaperClipOutlined /> {f.name}</Typography.Link>
          )}
        </div>
      ))}
    </Space>
  );
}

/** The teacher's attachment: shown when it is an image, else a link. */
export function HomeworkAttachment({ path }: { path: string }) {
  const name = decodeURIComponent(path.split('/').pop() ?? 'attachment');
  return isImage(name)
    ? <div style={{ marginTop: 6 }}><Image src={path} alt="Corrected image" width={200} style={{ maxWidth: '100%' }} /></div>
    : <Typography.Link href={path} target="_blank" rel="noopener noreferrer">{name}</Typography.Link>;
}
