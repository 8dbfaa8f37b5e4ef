import type { SimpleAccount } from '../../../generated/entities/accounts.js';
import type { Ctx } from '../../framework/context.js';
import { badRequest } from '../../framework/errors.js';
import { filePath, storedFileInfo } from '../../framework/files.js';
import type { ResourceHooks } from '../../framework/hooks.js';

type EntryFile = NonNullable<SimpleAccount['files']>[number];

/**
 * An entry's attachments as stored: each must be this school's upload of the entry kind; its
 * name, size, type and address are the store's, never the sender's. Files kept from before an
 * edit pass the same check, so a path cannot be swapped for another school's or kind's file.
 */
async function storedFiles(ctx: Ctx, files: ReadonlyArray<EntryFile> | undefined): Promise<EntryFile[]> {
  const out: EntryFile[] = [];
  for (const f of files ?? []) {
    const info = await storedFileInfo(ctx, f.path);
    if (!info || info.kind !== 'account-files') throw badRequest('An attachment was not uploaded here: upload it again');
    const path = filePath(ctx.school.code, info.key, info.name);
    out.push({ name: info.name, size: info.size, type: info.contentType, path, url: path, uid: info.key });
  }
  return out;
}

export const simpleAccountHooks: ResourceHooks<SimpleAccount> = {
  async beforeCreate(ctx, data) {
    return { ...data, files: await storedFiles(ctx, data.files) };
  },
  async beforeUpdate(ctx, data) {
    return data.files === undefined ? data : { ...data, files: await storedFiles(ctx, data.files) };
  },
};

export default simpleAccountHooks;
