import type { FastifyRequest } from 'fastify';
import type { Kysely } from 'kysely';
import type { DB } from '../../generated/db.js';
import type { AuthUser, School } from './context.js';
import { AppError } from './errors.js';

/**
 * Guest passes: short-lived tokens a module hands out to people with no login (a parent on the
 * public admission form), valid only for the calls and uploads that name the pass's kind
 * (`guest: '<kind>'`). A module defines its kind once — how a token is checked and what to
 * answer when it is missing or stale — and the framework asks it before any payload is read,
 * so a request without a valid pass learns nothing else. A pass is never a session: every
 * other call stays closed to it.
 */
export interface GuestPass {
  /** The pass's own id (its row in the module's table). */
  id: number;
  /** What the module bound the pass to (the record it may change, the link it came from). */
  [key: string]: unknown;
}

interface GuestKind {
  check: (db: Kysely<DB>, school: School, tokenHash: string) => Promise<GuestPass | null>;
  /** The text a missing, unknown or expired pass is refused with (401). */
  refusal: string;
}

const KINDS = new Map<string, GuestKind>();

/** Defines a kind of guest pass; the module's handlers file calls it when it loads. */
export function defineGuestPass(kind: string, def: GuestKind) {
  KINDS.set(kind, def);
}

/** The person a guest call runs as: nobody (audits show no user). */
export const GUEST_USER: AuthUser = { id: 0, name: 'Guest', email: null, username: null, mobile: null, role: 0 };

/** The request's valid pass of `kind`, or the kind's refusal (401). */
export async function requireGuestPass(req: FastifyRequest, kind: string): Promise<GuestPass> {
  const def = KINDS.get(kind);
  if (!def) throw new Error(`Guest pass kind ${kind} is not defined (defineGuestPass)`);
  const pass = req.tokenHash ? await def.check(req.sdb, req.school, req.tokenHash) : null;
  if (!pass) throw new AppError(401, def.refusal);
  return pass;
}
