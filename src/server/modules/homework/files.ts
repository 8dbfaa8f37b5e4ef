/**
 * Files of homework and solutions as they are stored: each must be this school's upload of the
 * expected kind; its name, size, type and address are the store's, never the sender's.
 */
import type { CallCtx } from '../../framework/calls.js';
import { storedUploads, type Attachment } from '../../framework/files.js';

export type HomeworkFile = Attachment;

export const storedFiles = (ctx: CallCtx, files: ReadonlyArray<{ path: string }>, kind: string, fail: string): Promise<HomeworkFile[]> =>
  storedUploads(ctx, files, kind, () => ctx.fail(fail));
