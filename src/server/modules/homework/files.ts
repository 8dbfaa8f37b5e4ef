/**
 * Files of homework and solutions as they are stored: each must be this school's upload of the
 * expected kind; its name, size, type and address are the store's, never the sender's.
 */
import type { CallCtx } from '../../framework/calls.js';
import { filePath, storedFileInfo } from '../../framework/files.js';

export interface HomeworkFile { name: string; size: number; type: string; path: string; url: string; uid: string }

export async function storedFiles(ctx: CallCtx, files: ReadonlyArray<{ path: string }>, kind: string, fail: string): Promise<HomeworkFile[]> {
  const out: HomeworkFile[] = [];
  for (const f of files) {
    const info = await storedFileInfo(ctx, f.path);
    if (!info || info.kind !== kind) throw ctx.fail(fail);
    const path = filePath(ctx.school.code, info.key, info.name);
    out.push({ name: info.name, size: info.size, type: info.contentType, path, url: path, uid: info.key });
  }
  return out;
}
