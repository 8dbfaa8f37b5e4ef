import type { Kysely } from 'kysely';
import type { DB } from '../../generated/db.js';
import type { Config } from '../config.js';
import type { Integrations } from '../integrations/index.js';

export interface AuthUser {
  id: number;
  name: string;
  email: string | null;
  username: string | null;
  mobile: string | null;
  role: number;
  /** Set while the password is still the username: the browser asks for a new one. */
  password_is_username?: true;
}

export interface School {
  code: string;
  name: string;
  schema: string;
}

/** Who does the work the server starts by itself (resending cut-off alerts): audited with no user. */
export const SERVER_USER: AuthUser = { id: 0, name: 'Server', email: null, username: null, mobile: null, role: 0 };

/** What a handler or hook works with: its school's database handle, the person, the services. */
export interface Ctx {
  /** Typed by the generated tables (src/generated/db.ts). */
  db: Kysely<DB>;
  school: School;
  user: AuthUser;
  config: Config;
  integrations: Integrations;
}

declare module 'fastify' {
  interface FastifyRequest {
    school: School;
    /** The school's database handle, bound to its schema. */
    sdb: Kysely<DB>;
    user: AuthUser | null;
    tokenHash: string | null;
  }
}

/**
 * The one untyped view of a school's database, for framework code that works on any declared
 * table by name (the generic service and list queries); handlers use the typed `ctx.db`.
 */
export const untypedDb = (db: Kysely<DB>): Kysely<any> => db as Kysely<any>;
