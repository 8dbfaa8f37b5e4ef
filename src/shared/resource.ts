/**
 * The shape of a resource declaration. Resource files are plain data typed by
 * `defineResource`; the server builds routes, tables and checks from them and the
 * browser builds Refine resources, pages and the sidebar from the very same objects.
 */
import { expandRoles, roleIds, type Role, type RoleRef } from './roles.js';
import { resolveRefs } from './schema-refs.js';
import type { UploadDef } from './uploads.js';

export type HttpMethod = 'GET' | 'PUT' | 'POST' | 'PATCH' | 'DELETE';
/** A documented call: method, space, path under the school's API base. `{x}` are path parameters. */
export type Call = `${HttpMethod} /${string}`;

/** A declared call's id, `<resource name>.<key>` (e.g. 'students.remove'). */
export type CallId = `${string}.${string}`;
/** A call as screens name it: a declared call's id, or a documented call written out. */
export type CallRef = Call | CallId;

/** A JSON Schema object as stored in schemas/<module>/<entity>.json. */
export type JsonSchema = Record<string, any>;

export type Permission = 'read' | 'create' | 'update' | 'remove';

export interface ColumnDef {
  field: string;
  /** Column heading; defaults to the schema property title. */
  title?: string;
  /** How the value renders: a registry id resolved by the browser. */
  render?: 'text' | 'date' | 'datetime' | 'money' | 'enum' | 'tag' | 'link' | 'serial';
  /** dayjs format for date and datetime renders. */
  format?: string;
  /** For `tag`: value to label and colour; by default the schema's options (`oneOf: [{ const, title, color }]`). */
  tags?: Record<string, { label: string; color: string }>;
  /** For `link`: a route template such as '/academics/test/list/{id}'. */
  to?: string;
}

/** A row action that is a documented call other than create/update/remove. */
export interface ActionDef {
  call: Call;
  /** Fixed body fields sent with the call, e.g. `{ action: 'start' }`. */
  body?: Record<string, string | number | boolean>;
  label: string;
  icon?: string;
  /** Confirmation question; the action asks before it runs when set. */
  confirm?: string;
  /** Success message from the specification. */
  message: string;
  /** Which permission of the resource the action needs. */
  permission: Permission;
  /** Only offered when the record's field has one of these values. */
  when?: { field: string; in: Array<string | number | null> };
}

/** Who may see a link or row component: a permission on a (possibly other) resource. */
export interface RequiresDef {
  /** Resource name; defaults to the declaring resource. */
  resource?: string;
  permission: Permission;
}

/** An extra row link: a route of the app, or a plain file download (a static file or a URL). */
export interface LinkDef {
  label: string;
  icon?: string;
  /** Route or URL template; `{field}` and `:field` are filled from the row. */
  to: string;
  /** A file to download instead of a route to open (e.g. '/templates/students-import.csv'). */
  download?: boolean;
  /** Shown only to users holding this permission. */
  requires?: RequiresDef;
}

/** A row component with an access rule. */
export interface RowComponentDef {
  component: string;
  requires?: RequiresDef;
  /** The call the component makes (an id), allowed to exactly those `requires` admits. */
  call?: CallRef;
}

export interface RelationDef {
  /** Show `field` of the `resource` row whose id is in our `from` column. */
  from?: string;
  resource?: string;
  field?: string;
  /** Or count rows of `count` (a resource) whose `by` column is our id. */
  count?: string;
  by?: string;
  /**
   * Count only children whose `from` column points at a `resource` row matching `where`
   * (e.g. year rows of the enabled academic year: `{ from: 'ac_year_id', resource: 'acyears', where: { status: 1 } }`).
   */
  within?: { from: string; resource: string; where: Record<string, string | number | boolean> };
  /**
   * Or add up `field` of another resource's rows whose `by` column holds our `on` column
   * (default id): e.g. a hostel student's pocket money balance from the pocket money ledger,
   * rows matching `negate` (debits) counted as minus. Money sums stay exact.
   */
  sum?: { resource: string; field: string; by: string; on?: string; negate?: { field: string; in: Array<string | number> } };
  /**
   * Or, in the answer about one record (its details call, and the record a create or an update
   * answers), the rows of `rows.resource` whose `rows.by` column is our id, as that resource
   * reads them (its own relations and scope) in its list order: an expense's installments.
   * Lists leave them out.
   */
  rows?: { resource: string; by: string };
  /**
   * Rows that must outlive their parent (money records): deleting the parent is refused with
   * this message while such rows exist.
   */
  keep?: string;
  /**
   * Our rows go with the row we point at (a test's per-class details with the test); rows that
   * point at ours in turn (marks of a detail) still refuse the delete, naming them.
   */
  cascade?: boolean;
}

/**
 * A button of a hand-written page that makes a call of its own: the page shows it only to
 * those holding `permission` on the resource (the declaring one unless named), and the server
 * must allow exactly them the call (tests/api/page-calls.test.ts checks both ways).
 */
export interface PageButtonDef {
  call: CallRef;
  /** Defaults to a declared call's own permission and resource. */
  permission?: Permission;
  resource?: string;
}

export interface PageDef {
  /** React route, e.g. '/academics/test/details/:testid'. */
  route: string;
  /** Component id resolved by the browser's page registry. */
  component: string;
  permission: Permission;
  /** Narrows the permission's roles for this page (a staff-only screen of a resource parents read). */
  roles?: Role[];
  /** Shown in the sidebar under the module when set. */
  menu?: string;
  /**
   * The calls the page makes to show itself: every role that may open it must be allowed them.
   * A call only some of those roles' view makes names them (a parent's picker of their children).
   */
  calls?: Array<CallRef | { call: CallRef; roles: Role[] }>;
  /** Resources whose list the page reads (pickers), by name: their first list call. */
  reads?: string[];
  /** Buttons that make calls of their own, by name (a declared call's id says all); each shown only to those its call allows. */
  buttons?: Record<string, PageButtonDef | CallId>;
}

/**
 * A documented call that is not plain CRUD (promote, remove with a reason, reset a password),
 * declared like the CRUD calls. Its id is `<resource name>.<key>` (e.g. `students.remove`); the
 * handler of the same key in `src/server/modules/<module>/*.handlers.ts` runs once the framework
 * has checked access, the path, the payload and the row scope.
 */
/**
 * An event a browser sends on the platform's socket (src/server/realtime/), declared like a call:
 * who may send it, the JSON Schema of its payload, and what answers it. A bad payload is answered
 * with an `error` event, an event nobody declares is refused.
 */
export interface SocketEventDef {
  /** Its name on the wire (spec 4's: `post`, `vc_room`); one declaration per name across modules. */
  event: string;
  /** The permission on the declaring resource the sender needs; its roles are `access[permission]`. */
  permission: Permission;
  roles?: Role[];
  payload?: JsonSchema;
  /** The event the handler's answer goes back to the sender as (also to an acknowledgement callback). */
  reply?: string;
  /** The specification's error texts, by code; handlers throw them with `ctx.fail(code)`. */
  errors?: Record<string, string>;
}

export interface CallDef {
  call: Call;
  /** The permission on the declaring resource the call needs; its roles are `access[permission]`. */
  permission: Permission;
  /** Narrows the permission's roles (a staff-only read of a resource parents also read). */
  roles?: Role[];
  /** JSON Schema of the body (schemas/<module>/calls/<name>.json), validated before the handler. */
  payload?: JsonSchema;
  /** JSON Schema of the query string (every value arrives as text). */
  query?: JsonSchema;
  /** Path parameters that are text (a search term, a date), not record ids; a blank one is refused with the call's error of the same name when it declares one. */
  text?: string[];
  /**
   * Path parameters or payload fields naming rows of a resource whose row scope must admit them
   * (`{ student_id: 'students' }`): a row the person may not reach answers 404, like a missing one.
   * `'<resource>.<column>'` asks instead whether the resource's row scope admits that value in
   * that column (`{ test_subject_id: 'marks.test_subject_id' }`: may this teacher write marks of
   * this test subject, before any exist).
   */
  scope?: Record<string, string>;
  /** The error (a key of `errors`) answered 403 when the scope refuses, instead of 404 (the person knows the row exists). */
  refused?: string;
  /**
   * Success message from the specification, sent in the envelope and shown by the browser; a
   * call with several outcomes names each (the handler answers `ctx.answer(data, key)`).
   */
  message?: string | Record<string, string>;
  /** The specification's error texts, by code; handlers throw them with `ctx.fail(code)`. */
  errors?: Record<string, string>;
  /** Open to anyone, signed in or not (log in, the school's name for the login screen): no access rule applies. */
  public?: boolean;
  /** Login-style calls: limited per client address and account (AUTH_RATE_LIMIT a minute). */
  rateLimited?: boolean;
  /**
   * Also open to a guest pass of this kind (src/server/framework/guests.ts): a request with no
   * signed-in person must carry a valid pass, checked before the payload; the handler reads it
   * as `ctx.guest`. Signed-in people still need the declared roles.
   */
  guest?: string;
}

/**
 * Which rows a role reaches, per resource: `{ parent: { student: 'id' } }` admits only rows whose
 * `id` is a student linked to the person; `{ parent: { student: 'student_id' } }` rows hanging off
 * such a student. The kinds of reach are in src/shared/access.ts (SCOPE_KINDS).
 */
export type RowScope = Partial<Record<Role, Record<string, string>>>;

export interface ResourceDef {
  /** Refine resource name, also the key other declarations use to point here. */
  name: string;
  /** Module key (sidebar group and per-admin module access). */
  module: string;
  schema: JsonSchema;
  /** Database table; omitted for resources that store nothing of their own. */
  table?: string;
  label: string;
  /** Singular noun for buttons ("Add Class"). */
  singular?: string;
  icon?: string;
  routes?: { list?: string; create?: string; edit?: string; show?: string; /** Other routes that open the create form. */ createAlso?: string[] };
  api: {
    /** One or several list calls; path parameters other than id filter the list. */
    list?: Call | Call[];
    one?: Call;
    create?: Call;
    /**
     * Says what a create would do before it is made (e.g. 'Bill 40 students of 5 - A ₹1,500.00
     * each?'): the create's payload and access, nothing stored; answers `{ summary }`, which the
     * form asks the person to confirm. The server's `summarizeCreate` hook writes the summary.
     */
    preview?: Call;
    update?: Call;
    remove?: Call;
    /**
     * A call answering the resource's rows that match `?q=` (a name, a number), declared and
     * handled elsewhere; search pickers of other resources (`resource-search`) call it.
     */
    search?: Call;
  };
  /**
   * A create call whose payload carries shared fields and an array of rows,
   * each row stored as its own record (e.g. subject-wise test details).
   */
  batch?: { rows: string; shared: string[] };
  relations?: Record<string, RelationDef>;
  list?: {
    columns: Array<string | ColumnDef>;
    search?: string[];
    pageSize?: number;
    /** The add button's text when the spec names it (default 'Add {singular}'). */
    addLabel?: string;
    /** The add button opens the create form in a dialog over the list (its route still opens it as a page). */
    addInModal?: boolean;
    export?: 'csv';
    /** The exported file's name when the spec names it (default '<name>.csv'). */
    exportFile?: string;
    /** Default sort, a column with optional '-' for descending. */
    sort?: string;
    /** Picker filters shown above the table; their values fill list call parameters. */
    filters?: Array<{ field: string; resource: string; label: string; remember?: boolean; required?: boolean; preselect?: { field: string; equals: unknown } }>;
    /** Extra row links. */
    links?: Array<LinkDef>;
    /**
     * Links in the list's header beside its Add button (e.g. the fee items' Reports);
     * `{field}` is filled from the list's filters and route parameters.
     */
    headerLinks?: Array<LinkDef>;
    /**
     * Hand-written pieces placed in each row's Actions cell (e.g. an import button with its
     * modal), by component id of the browser's row component registry.
     */
    rowComponents?: Array<string | RowComponentDef>;
  };
  form?: {
    uiSchema?: Record<string, any>;
    /** Field -> condition on other fields: the field is shown only when it holds. */
    showWhen?: Record<string, Record<string, Array<string | number>>>;
    /** Fields that cannot change after creation (shown read-only on edit, refused by the server). */
    fixedAfterCreate?: string[];
    /** Fields filled with a fresh random value on create, e.g. a generated password. */
    generated?: Record<string, 'password8'>;
  };
  /**
   * `false`: writes leave no audit record. Only for rows that record no person's action and that
   * anyone may cause, so that they would flood the audit: an anonymous visitor's guest pass.
   */
  audit?: false;
  /** Extra indexes for the queries reports run (columns in order); relations index their own columns. */
  indexes?: string[][];
  /**
   * Text searched by substring (`ilike '%…%'`) across a big table: a trigram index each, so the
   * search stays fast at tens of thousands of rows. `extras.key` names a key of a jsonb column.
   */
  searchIndexes?: string[];
  /** Values that must be unique among the rows, with the message for a clash. */
  unique?: Array<{ fields: string[]; message: string }>;
  actions?: Record<string, ActionDef>;
  /** Documented calls that are not plain CRUD, by key (id `<name>.<key>`). */
  calls?: Record<string, CallDef>;
  /** Events a signed-in browser sends on the real-time socket, by key (handlers in `*.sockets.ts`). */
  sockets?: Record<string, SocketEventDef>;
  /** Rows each role reaches (a parent their own children's). */
  scope?: RowScope;
  pages?: Record<string, PageDef>;
  access: { read: Role[]; create?: Role[]; update?: Role[]; remove?: Role[] };
  messages: { created?: string; updated?: string; removed?: string };
  /**
   * Fields a school's configuration adds (config/schools/<CODE>.json), set on the configured copy
   * only (src/shared/school-config.ts): kept in the row's `custom` jsonb column, flat in the API.
   */
  customFields?: string[];
  /**
   * Kinds of file its screens upload (POST /upload/?file_path=<kind>), by kind name, unique
   * across the product: who may upload, which types, how big (src/shared/uploads.ts).
   */
  uploads?: Record<string, UploadDef>;
}

/** A list of roles as a declaration writes it: roles and role groups (ROLE_GROUPS, src/shared/roles.ts). */
export type RoleList = readonly RoleRef[];

/** What a resource file writes: a ResourceDef whose role lists may name groups (`['family', 'staff']`). */
export type ResourceDecl = Omit<ResourceDef, 'access' | 'calls' | 'pages' | 'uploads'> & {
  access: { read: RoleList; create?: RoleList; update?: RoleList; remove?: RoleList };
  calls?: Record<string, Omit<CallDef, 'roles'> & { roles?: RoleList }>;
  pages?: Record<string, Omit<PageDef, 'roles' | 'calls'> & { roles?: RoleList; calls?: Array<CallRef | { call: CallRef; roles: RoleList }> }>;
  uploads?: Record<string, Omit<UploadDef, 'roles' | 'defaultFor'> & { roles?: RoleList; defaultFor?: RoleList }>;
};

/** A declaration with its groups resolved: every role list names roles. Its calls keep their keys (a screen names them). */
export type Resolved<T extends ResourceDecl> = Omit<T, 'access' | 'calls' | 'pages' | 'uploads'> & Pick<ResourceDef, 'access' | 'pages'>
  & (T extends { calls: infer C } ? { calls: { [K in keyof C]: Omit<C[K], 'roles'> & { roles?: Role[] } } } : Pick<ResourceDef, 'calls'>)
  & (T extends { uploads: infer U } ? { uploads: { [K in keyof U]: Omit<U[K], 'roles' | 'defaultFor'> & Pick<UploadDef, 'roles' | 'defaultFor'> } } : Pick<ResourceDef, 'uploads'>);

const resolveList = <L extends RoleList | undefined>(l: L): L extends RoleList ? Role[] : undefined =>
  (l === undefined ? undefined : expandRoles(l)) as L extends RoleList ? Role[] : undefined;

/**
 * A resource declaration, its role groups and its schemas' shared definitions resolved here, where every declaration is read, so the
 * server, the browser and the generated tests see the same roles.
 */
export function defineResource<T extends ResourceDecl>(def: T): Resolved<T> {
  const mapValues = <V, W>(o: Record<string, V> | undefined, f: (v: V) => W) => (o ? Object.fromEntries(Object.entries(o).map(([k, v]) => [k, f(v)])) : undefined);
  const withRoles = <V extends { roles?: RoleList }>(v: V) => (v.roles ? { ...v, roles: expandRoles(v.roles) } : v);
  // Schemas self-contained: the shared definitions they refer to written in.
  const call = <C extends { roles?: RoleList; payload?: JsonSchema; query?: JsonSchema }>(c: C) => ({
    ...withRoles(c), ...(c.payload && { payload: resolveRefs(c.payload) }), ...(c.query && { query: resolveRefs(c.query) }),
  });
  const access = Object.fromEntries(Object.entries(def.access).map(([k, v]) => [k, resolveList(v)]));
  return {
    ...def,
    schema: resolveRefs(def.schema),
    access,
    ...(def.calls ? { calls: mapValues(def.calls, call) } : {}),
    ...(def.sockets ? { sockets: mapValues(def.sockets, (e) => ({ ...withRoles(e), ...(e.payload && { payload: resolveRefs(e.payload) }) })) } : {}),
    ...(def.pages ? {
      pages: mapValues(def.pages, (p) => ({
        ...withRoles(p),
        ...(p.calls ? { calls: p.calls.map((c) => (typeof c === 'string' ? c : { ...c, roles: expandRoles(c.roles) })) } : {}),
      })),
    } : {}),
    ...(def.uploads ? { uploads: mapValues(def.uploads, (u) => ({ ...withRoles(u), ...(u.defaultFor ? { defaultFor: expandRoles(u.defaultFor) } : {}) })) } : {}),
  } as unknown as Resolved<T>;
}

/** A module's own file, resources/<module>/module.ts: how it shows in the sidebar and whether a school may switch it off. */
export interface ModuleDef {
  key: string;
  title: string;
  icon: string;
  /** Where the module's sidebar group leads. */
  link: string;
  /** Sidebar position: lower first. */
  order: number;
  /** Modules that cannot be disabled or taken away from an admin (can_disable 0). */
  can_disable: boolean;
}

/**
 * A part of the platform every school has (login, the school's own settings): its resources
 * declare calls only. It has no sidebar group, no on/off switch and no per-admin permission,
 * so only roles (and row scope) decide who may call it.
 */
export interface CoreModuleDef {
  key: string;
  title: string;
  core: true;
}

export function defineModule<T extends ModuleDef | CoreModuleDef>(def: T): T {
  return def;
}

export const isCoreModule = (m: ModuleDef | CoreModuleDef): m is CoreModuleDef => 'core' in m && m.core;

/** A generated CRUD call named like a declared one (`fee-items.one`, `messages.create`), with the permission it needs. */
const CRUD_OPS: Record<string, Permission> = { list: 'read', one: 'read', create: 'create', update: 'update', remove: 'remove' };

/**
 * Finds a call by id among the resources: a declared call (`students.promote`), or a resource's
 * own CRUD call (`<name>.list`, `.one`, `.create`, `.update`, `.remove`; a list of several
 * calls names its first).
 */
export function findCall(resources: readonly ResourceDef[], id: string): { resource: ResourceDef; def: CallDef } {
  const dot = id.indexOf('.');
  const resource = resources.find((r) => r.name === id.slice(0, dot));
  const key = id.slice(dot + 1);
  const declared = resource?.calls?.[key];
  if (resource && declared) return { resource, def: declared };
  const crud = resource && Object.hasOwn(CRUD_OPS, key) ? resource.api[key as keyof ResourceDef['api']] : undefined;
  if (resource && crud) return { resource, def: { call: Array.isArray(crud) ? crud[0]! : crud, permission: CRUD_OPS[key]! } };
  throw new Error(`No declared call ${id}`);
}

/** The documented call a reference names (a declared call's id, or the call written out). */
export const callOf = (resources: readonly ResourceDef[], ref: CallRef): Call => (ref.includes(' ') ? ref as Call : findCall(resources, ref).def.call);

/**
 * A page button in full: a declared call's id gives its call, permission, resource and roles;
 * a written-out call names its permission (and resource when not the page's own).
 */
export function pageButton(resources: readonly ResourceDef[], page: ResourceDef, b: PageButtonDef | CallId): { call: Call; permission: Permission; resource: ResourceDef; roles?: Role[] } {
  const def = typeof b === 'string' ? { call: b } : b;
  if (!def.call.includes(' ')) {
    const found = findCall(resources, def.call);
    return { call: found.def.call, permission: def.permission ?? found.def.permission, resource: found.resource, roles: found.def.roles };
  }
  const resource = def.resource ? resources.find((r) => r.name === def.resource) : page;
  if (!resource || !def.permission) throw new Error(`${page.name}: a button calling ${def.call} needs its permission and a known resource`);
  return { call: def.call as Call, permission: def.permission, resource };
}

/** Parses 'PUT /class/{id}/' into method, path and parameter names. */
export function parseCall(call: Call) {
  const space = call.indexOf(' ');
  const method = call.slice(0, space) as HttpMethod;
  const path = call.slice(space + 1);
  const params = [...path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
  return { method, path, params };
}

/** Fills a path template with values: fillPath('/class/{id}/', {id: 3}) = '/class/3/'. */
export function fillPath(path: string, values: Record<string, unknown>): string {
  return path.replace(/\{(\w+)\}/g, (_, k: string) => encodeURIComponent(String(values[k] ?? '')));
}

/** Method and path of a call, the path filled from `params` and followed by `query` (empty values left out). */
export function fillCall(call: Call, params: Record<string, unknown> = {}, query: Record<string, unknown> = {}): { method: HttpMethod; path: string } {
  const { method, path } = parseCall(call);
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  const qs = q.toString();
  return { method, path: fillPath(path, params) + (qs ? `?${qs}` : '') };
}

export const listCalls = (r: ResourceDef): Call[] =>
  r.api.list === undefined ? [] : Array.isArray(r.api.list) ? r.api.list : [r.api.list];

/** The role numbers a permission on a resource admits. */
export const accessRoles = (r: ResourceDef, perm: Permission): number[] => roleIds(r.access[perm]);

/** Roles (numbers) that may open a declared page. */
export const pageRoles = (r: ResourceDef, page: PageDef): number[] => {
  const allowed = accessRoles(r, page.permission);
  return page.roles ? roleIds(page.roles).filter((x) => allowed.includes(x)) : allowed;
};

/** Who may do what: the one rule both the server and the browser's access control read. */
export function roleAllows(r: ResourceDef, role: number, perm: Permission): boolean {
  return accessRoles(r, perm).includes(role);
}
