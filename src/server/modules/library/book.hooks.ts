import type { Book } from '../../../generated/entities/library.js';
import type { Ctx } from '../../framework/context.js';
import { badRequest } from '../../framework/errors.js';
import { storedUploads } from '../../framework/files.js';
import type { ResourceHooks } from '../../framework/hooks.js';

type Photo = NonNullable<Book['image']>;

/**
 * The cover photo as stored: it must be this school's upload of the library kind (checked by its
 * bytes and size when it was sent), and its name, address and key are the store's, never the sender's.
 */
async function storedPhoto(ctx: Ctx, image: Photo | null | undefined): Promise<Photo | null> {
  if (!image) return null;
  const [f] = await storedUploads(ctx, [image], 'library', () => badRequest('The photo was not uploaded here: upload it again'));
  return { name: f!.name, path: f!.path, uid: f!.uid, url: f!.url, size: f!.size, type: f!.type };
}

/** A code is searched exactly (GET /library/book/search/{code}/): stored without the spaces around it. */
const trimmed = <T extends Partial<Book>>(data: T): T => (typeof data.code === 'string' ? { ...data, code: data.code.trim() } : data);

export const bookHooks: ResourceHooks<Book> = {
  // A new book is on the shelf; only an issue or a return changes its status.
  async beforeCreate(ctx, data) {
    return { ...trimmed(data), image: await storedPhoto(ctx, data.image), status: 2, timestamp: new Date().toISOString() };
  },
  async beforeUpdate(ctx, data) {
    const next = trimmed(data);
    return data.image === undefined ? next : { ...next, image: await storedPhoto(ctx, data.image) };
  },
};

export default bookHooks;
