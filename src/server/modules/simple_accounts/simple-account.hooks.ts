import type { SimpleAccount } from '../../../generated/entities/simple_accounts.js';
import type { Ctx } from '../../framework/context.js';
import { badRequest } from '../../framework/errors.js';
import { storedUploads } from '../../framework/files.js';
import type { ResourceHooks } from '../../framework/hooks.js';

type EntryFile = NonNullable<SimpleAccount['files']>[number];

/**
 * An entry's attachments as stored: each must be this school's upload of the entry kind; its
 * name, size, type and address are the store's, never the sender's. Files kept from before an
 * edit pass the same check, so a path cannot be swapped for another school's or kind's file.
 */
const storedFiles = (ctx: Ctx, files: ReadonlyArray<EntryFile> | undefined): Promise<EntryFile[]> =>
  storedUploads(ctx, files ?? [], 'account-files', () => badRequest('An attachment was not uploaded here: upload it again'));

export const simpleAccountHooks: ResourceHooks<SimpleAccount> = {
  async beforeCreate(ctx, data) {
    return { ...data, files: await storedFiles(ctx, data.files) };
  },
  async beforeUpdate(ctx, data) {
    return data.files === undefined ? data : { ...data, files: await storedFiles(ctx, data.files) };
  },
};

export default simpleAccountHooks;
