/**
 * The visitor book's calls beyond its list: the visitors still inside, adding one with the
 * camera's photo, and checking one out at an exit gate. A visitor is checked out once: two
 * gates pressing at the same moment lock the row, and the second is told so.
 */
import { resourceByName } from '../../../shared/registry.js';
import { defineHandlers } from '../../framework/calls.js';
import { selectRecords } from '../../framework/query.js';
import * as service from '../../framework/service.js';
import { storePhoto } from './photo.js';

const visitors = () => resourceByName('visitors');

export default defineHandlers('visitors', {
  // Those without an exit, latest in first: a gate's day, never the whole history.
  active: (ctx) => selectRecords(ctx.db, visitors()).where('t.exit_timestamp', 'is', null)
    .orderBy('t.entry_timestamp', 'desc').orderBy('t.id', 'desc').execute(),

  add: (ctx, { body }) => service.inTransaction(ctx, async (tx) => {
    const { photo, ...fields } = body;
    return service.create(tx, visitors(), {
      ...fields,
      photo: photo ? await storePhoto(tx, photo) : null,
      entry_timestamp: new Date().toISOString(),
    });
  }),

  checkout: (ctx, { params, body }) => service.inTransaction(ctx, async (tx) => {
    const row = await tx.db.selectFrom('visitor').select(['id', 'exit_timestamp']).where('id', '=', params.id).forUpdate().executeTakeFirst();
    if (!row) throw ctx.fail('missing', 404);
    if (row.exit_timestamp) throw ctx.fail('exited', 409);
    return service.update(tx, visitors(), params.id, { exit_gate: body.exit_gate, exit_timestamp: new Date().toISOString() });
  }),
});
