/**
 * Schools' configuration files (config/schools/<CODE>.json under CONFIG_DIR): read, checked
 * against config/school-config.schema.json and the declarations, and kept in memory. A file is
 * looked at again at most once a second (its size, time and inode), so an edit applies without a
 * restart; a file that fails its checks is refused with the file, the JSON path and the reason,
 * logged, and the configuration in force before stays in force.
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Ajv, type ErrorObject } from 'ajv';
import addFormats from 'ajv-formats';
import configSchema from '../../../config/school-config.schema.json' with { type: 'json' };
import { MODULES } from '../../shared/registry.js';
import type { ResourceDef } from '../../shared/resource.js';
import { checkAgainstDeclarations, configureResource, type SchoolConfig } from '../../shared/school-config.js';
import { RESOURCES } from '../../shared/registry.js';
import type { Ctx } from './context.js';

/** How long a look at a file holds before the next request looks again. */
export const CONFIG_TTL_MS = 1000;

export const configFile = (dir: string, code: string) => path.join(dir, 'schools', `${code.toUpperCase()}.json`);

const ajv = new Ajv({ allErrors: true, strict: false });
addFormats(ajv);
const validateShape = ajv.compile(configSchema);

/** A file as people name it in messages: relative to the working directory when inside it. */
export const shown = (file: string) => {
  const rel = path.relative(process.cwd(), file);
  return rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : file;
};

/** '/fields/students/hide/0' → '$.fields.students.hide[0]'. */
function jsonPath(pointer: string): string {
  let out = '$';
  for (const raw of pointer.split('/').slice(1)) {
    const part = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    out += /^\d+$/.test(part) ? `[${part}]` : /^[A-Za-z_$][A-Za-z0-9_$]*$/.test(part) ? `.${part}` : `['${part}']`;
  }
  return out;
}

function reasonOf(e: ErrorObject): { path: string; reason: string } {
  const p = e.params as Record<string, any>;
  const at = jsonPath(e.instancePath);
  switch (e.keyword) {
    case 'additionalProperties': return { path: at, reason: `unknown key "${p.additionalProperty}"` };
    case 'required': return { path: at, reason: `"${p.missingProperty}" is required` };
    case 'enum': return { path: at, reason: `must be one of ${p.allowedValues.map((v: unknown) => JSON.stringify(v)).join(', ')}` };
    case 'propertyNames': return { path: at, reason: `the key "${p.propertyName}" is not allowed here` };
    case 'pattern': return { path: at, reason: `does not have the expected form (${p.pattern})` };
    case 'format': return { path: at, reason: `must be a ${p.format === 'date' ? 'date written YYYY-MM-DD' : p.format}` };
    default: return { path: at, reason: e.message ?? 'is not valid' };
  }
}

export interface CheckResult {
  file: string;
  exists: boolean;
  /** The configuration when the file passed every check. */
  config?: SchoolConfig;
  /** Each refusal as 'file: path: reason'. */
  problems: string[];
  text?: string;
}

/** Reads and checks one school's file; nothing is kept. */
export function checkConfigFile(dir: string, code: string): CheckResult {
  const file = configFile(dir, code);
  let text: string;
  try {
    text = fs.readFileSync(file, 'utf8');
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return { file, exists: false, problems: [] };
    return { file, exists: true, problems: [`${shown(file)}: $: cannot be read (${(e as Error).message})`] };
  }
  return { file, exists: true, text, ...checkConfigText(text, file, code) };
}

/** The checks of a file's text: JSON, the published schema, then the declarations. */
export function checkConfigText(text: string, file: string, code: string): { config?: SchoolConfig; problems: string[] } {
  const name = shown(file);
  let data: unknown;
  try {
    data = JSON.parse(text);
  } catch (e) {
    const msg = (e as Error).message;
    const pos = Number(/position (\d+)/.exec(msg)?.[1]);
    let where = '$';
    if (Number.isFinite(pos)) {
      const before = text.slice(0, pos).split('\n');
      where = `line ${before.length}, column ${before[before.length - 1]!.length + 1}`;
    }
    return { problems: [`${name}: ${where}: not valid JSON (${msg.replace(/ in JSON at position \d+.*$/, '')})`] };
  }
  if (!validateShape(data)) {
    const seen = new Set<string>();
    const problems: string[] = [];
    for (const e of validateShape.errors ?? []) {
      // A oneOf/anyOf summary repeats its branches' complaints.
      if (e.keyword === 'if') continue;
      const { path: p, reason } = reasonOf(e);
      const line = `${name}: ${p}: ${reason}`;
      if (!seen.has(line)) { seen.add(line); problems.push(line); }
    }
    return { problems };
  }
  const config = data as SchoolConfig;
  const problems = checkAgainstDeclarations(config, RESOURCES, MODULES, code.toUpperCase()).map((p) => `${name}: ${p.path}: ${p.reason}`);
  return problems.length ? { problems } : { config, problems };
}

export interface LoadedConfig {
  code: string;
  file: string;
  /** The configuration in force; null when the school has none. */
  config: SchoolConfig | null;
  /** Identifies the configuration in force ('' for none): changes whenever another one takes over. */
  version: string;
  /** Why the file now on disk was refused (the configuration in force is the one before it). */
  problem: string | null;
}

interface Entry extends LoadedConfig { checkedAt: number; stamp: string }

const entries = new Map<string, Entry>();
const configured = new Map<string, { version: string; byName: Map<string, ResourceDef> }>();

const stampOf = (st: fs.Stats) => `${st.size}:${st.mtimeMs}:${st.ino}`;

/** The configuration in force for a school, looked at again once the last look is older than CONFIG_TTL_MS. */
export function schoolConfig(dir: string, code: string, now = Date.now()): LoadedConfig {
  const key = `${dir}|${code.toUpperCase()}`;
  let e = entries.get(key);
  if (e && now - e.checkedAt < CONFIG_TTL_MS) return e;
  const file = configFile(dir, code);
  if (!e) {
    e = { code: code.toUpperCase(), file, config: null, version: '', problem: null, checkedAt: now, stamp: '' };
    entries.set(key, e);
  }
  e.checkedAt = now;
  let stamp = 'none';
  try {
    stamp = stampOf(fs.statSync(file));
  } catch { /* no file: the school has no configuration */ }
  if (stamp === e.stamp) return e;
  e.stamp = stamp;
  if (stamp === 'none') {
    Object.assign(e, { config: null, version: '', problem: null });
    return e;
  }
  const checked = checkConfigFile(dir, code);
  if (checked.config) {
    Object.assign(e, { config: checked.config, version: crypto.createHash('sha1').update(checked.text!).digest('hex').slice(0, 12), problem: null });
  } else if (checked.exists) {
    const problem = checked.problems.join('\n');
    if (problem !== e.problem) {
      console.error(`School configuration refused, the one in force before stays (${e.version ? `version ${e.version}` : 'none'}):\n${problem}`);
    }
    e.problem = problem;
  } else {
    Object.assign(e, { config: null, version: '', problem: null });
  }
  return e;
}

/** Forgets what was read (tests that rewrite a file within the TTL). */
export const forgetSchoolConfigs = () => { entries.clear(); configured.clear(); };

export const configOf = (ctx: Pick<Ctx, 'config' | 'school'>): LoadedConfig => schoolConfig(ctx.config.configDir, ctx.school.code);

/**
 * A resource as the request's school configures it (merged schema, custom fields, labels);
 * the declaration itself when the school's configuration leaves it alone.
 */
export function resourceFor(ctx: Pick<Ctx, 'config' | 'school'>, r: ResourceDef): ResourceDef {
  const loaded = configOf(ctx);
  if (!loaded.config) return r;
  let c = configured.get(loaded.code);
  if (!c || c.version !== loaded.version) configured.set(loaded.code, (c = { version: loaded.version, byName: new Map() }));
  let out = c.byName.get(r.name);
  if (!out) c.byName.set(r.name, (out = configureResource(r, loaded.config)));
  return out;
}
