import type { Visitor } from '../../../../generated/entities/visitors.js';
import type { EntityRow } from '../../../../shared/wire.js';

/** A visitor as the visitor calls answer one. */
export type VisitorRow = EntityRow<Visitor>;

/** The info view's address; the row travels in the navigation state, the id lets a reload find it again. */
export const infoLink = (v: VisitorRow) => ({ to: `/visitors/info?id=${v.id}`, state: { visitor: v } });
