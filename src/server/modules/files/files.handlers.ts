import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { isFolderName, listFolder, listFolders, quotaBytes } from '../../framework/file-folders.js';
import { configOf } from '../../framework/school-config.js';

/** Spec 4 §3 File listing: { type: 'dir' | 'files', list }, with the sizes (of each folder, and of the whole store). */
async function root(ctx: CallCtx) {
  const { list, size } = await listFolders(ctx.db);
  return { type: 'dir' as const, list, size, quota: quotaBytes(configOf(ctx).config?.files?.quota_mb) };
}

export default defineHandlers('files', {
  root: (ctx) => root(ctx),
  list: async (ctx, { params }) => {
    // The spec's `/files/root/` is the top; any other name is a folder.
    if (params.folder === 'root') return root(ctx);
    if (!isFolderName(params.folder)) throw ctx.fail('invalid');
    const found = await listFolder(ctx.db, ctx.school.code, params.folder);
    if (!found) throw ctx.fail('folder', 404);
    return { type: 'files' as const, ...found };
  },
});
