/**
 * What a module adds to the platform besides hooks and handlers, declared once in
 * `src/server/modules/<module>/contributes.ts` (default export, defineContributions) and collected
 * by the build into src/generated/server.ts. The platform runs what is declared here, so its
 * start-up, command line, schema sync and demo school import no module.
 */
import type { Kysely } from 'kysely';
import type { ParseArgsConfig } from 'node:util';
import type { Config } from '../config.js';
import type { DerivedTable } from '../db/derived.js';
import type { CallCtx } from './calls.js';
import type { Ctx } from './context.js';
import type { EventName, Subscriber } from './events.js';
import type { ProvidedServices } from './services.js';

/** What start-up work and scheduled jobs are handed: the whole store (every school) and the settings. */
export interface PlatformEnv { db: Kysely<any>; config: Config }

/**
 * Work repeated while the server runs (src/server/framework/jobs.ts): in the process on one
 * server, once across servers through the queue when REDIS_URL is set. It never keeps the process
 * alive on its own, and never overlaps itself.
 */
export interface Job {
  /** Unique among jobs; JOB_EVERY names it to change its period. */
  name: string;
  everyMs: number;
  /** The first run, after the start (default: everyMs). */
  firstAfterMs?: number;
  /** Tries of a failed run, the first included (default 1: the next period is its retry). */
  attempts?: number;
  /** The wait before the second try; doubled before each later one (default 30 s). */
  backoffMs?: number;
  /** How long a stop waits for a run under way (default: to its end); the run is then recorded as cut off. */
  stopWithinMs?: number;
  /** Resolves 'idle' when nothing was due (a look at the clock): such a run leaves no record. */
  run(env: PlatformEnv): Promise<void | 'idle'>;
}

/**
 * Every task's name and payload: work a module asks for once, now or later, by name
 * (`enqueue('tests.autoSubmit', { attempt_id }, { delayMs })`). The declaring module adds to this
 * interface in its contributes.ts and gives the handler under `tasks`:
 *   declare module '../../framework/contributions.js' { interface Tasks { 'sms.send': { school: string; id: number } } }
 * A name is `<module>.<what>`; the payload goes through Redis as JSON, so it holds plain data.
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface Tasks {}
export type TaskName = keyof Tasks;

/** The handler of a task, run once per enqueue (retried on failure). */
export interface Task<P = unknown> {
  run(env: PlatformEnv, data: P): Promise<void>;
  /** Tries, the first included (default 3). */
  attempts?: number;
  /** The wait before the second try; doubled before each later one (default 5 s). */
  backoffMs?: number;
}

/** An operator command, `npm run school -- <name> …`; answers the process's exit code. */
export interface CliCommand {
  /** Its lines in the usage text. */
  usage: string;
  options?: NonNullable<ParseArgsConfig['options']>;
  run(env: PlatformEnv & { values: Record<string, string | boolean | string[] | boolean[] | undefined>; usage: string }): Promise<number>;
}

/** The demo school of a first start as the platform has made it, handed to each module's demo data. */
export interface DemoSchool {
  /** The school in the demo's one transaction, as its super admin. */
  ctx: Ctx;
  /** Every demo login's password, hashed once. */
  passwordHash: string;
  /** Class ids by class and section ('10A'), and those keys in class order. */
  classIds: Record<string, number>;
  classOrder: string[];
  years: { previous: number; current: number };
  midTermId: number;
  teacherIds: number[];
  /** User ids of the demo logins. */
  users: { admin: number; office: number; teacher: number; librarian: number; parent: number };
  /** The demo parent's children (once the students' demo data is in), by name. */
  parentChildren(): Promise<number[]>;
}

/** A module's demo data; the demo school runs every module's in `order` (students first: 10). */
export interface DemoSeed { order: number; seed(demo: DemoSchool): Promise<void> }

/**
 * The sections of the parent and student dashboard (GET /students/dashboard/{student_id}/), by
 * key: a module contributing one adds its answer's type here (declaration merging, as for events).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface FamilyDashboardSections {}

/** What a section is read for: one child, and the view's window (today's, or the last few). */
export interface FamilyDashboardQuery {
  student: { id: number; class_id: number | null };
  view: 'today' | 'last-5-entries';
  today: string;
  /** The start of the school day, for the Today view. */
  since?: Date;
  limit: number;
}

/**
 * The sections other modules add to the admin's dashboard (GET /dashboard/admin/), by key: lists,
 * answered empty while the admin may not use the module. A module contributing one adds its
 * list's type here (declaration merging).
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface AdminDashboardSections {}

export interface Contributions {
  /** Tables the server keeps from other tables (running totals): the schema sync creates and fills them. */
  derivedTables?: DerivedTable[];
  /** Work once the server is listening (sending what a stop cut off); a failure is logged, the server stays up. */
  startup?: Array<(env: PlatformEnv) => Promise<void>>;
  jobs?: Job[];
  /** Handlers of the module's tasks (`Tasks`), run by name once per enqueue. */
  tasks?: { [K in TaskName]?: Task<Tasks[K]> };
  commands?: Record<string, CliCommand>;
  demo?: DemoSeed[];
  /** Sections of the family dashboard; null in the answer while the module is off for the person. */
  familyDashboard?: { [K in keyof FamilyDashboardSections]?: (ctx: CallCtx, q: FamilyDashboardQuery) => Promise<FamilyDashboardSections[K]> };
  /** Lists on the admin's dashboard; empty in the answer while the admin may not use the module. */
  adminDashboard?: { [K in keyof AdminDashboardSections]?: (ctx: CallCtx) => Promise<AdminDashboardSections[K]> };
  /** Subscribers to events other modules publish (src/server/framework/events.ts), run after their commit. */
  on?: { [E in EventName]?: Subscriber<E> };
  /** The classes a signed-in person belongs to (a family's children's, a teacher's), whose real-time rooms their sockets join. */
  classesOf?: Array<(ctx: Ctx) => Promise<number[]>>;
  /** Functions the module offers the others by name (src/server/framework/services.ts); each declared in `Services`. */
  services?: ProvidedServices;
}

export const defineContributions = (c: Contributions): Contributions => c;

/** Every module's contributions, in module order. */
export interface ContributionSet { module: string; contributes: Contributions }
