/**
 * Kinds of upload (POST /upload/?file_path=<kind>), each declared by the resource whose screens
 * send it (`uploads` in resources/<module>/<entity>.ts): who may send it, which file types and
 * how big. The browser checks a chosen file with the same rule before it sends it; the server
 * checks what arrives, by its bytes where the type has a signature.
 *
 * The spec makes the query optional (a plain POST /upload/, as the notes screen sends it): an
 * upload without it is of the kind the person's role uploads from its screen (`defaultFor`), or
 * else of the one `general` kind, whose rules are the strictest.
 */
import type { Permission, ResourceDef } from './resource.js';
import { roleName, type Role } from './roles.js';

export interface UploadDef {
  /** The permission on the declaring resource the upload needs (its roles are `access[permission]`). */
  permission: Permission;
  /** Narrows the permission's roles. */
  roles?: Role[];
  /** File name extensions allowed, lower case without the dot; any type when omitted. */
  types?: string[];
  /** The largest file, in bytes. */
  maxBytes: number;
  /** The refusal texts the spec gives the screen; `{file}` is the file's name. */
  messages?: { type?: string; size?: string };
  /** Also open to a guest pass of this kind (a parent on the public admission form). */
  guest?: string;
  /** An upload without a kind from these roles is this kind: the one their screen sends (a teacher's note). */
  defaultFor?: Role[];
  /** The kind of an upload without one from a role no kind names in `defaultFor` (one kind is). */
  general?: boolean;
}

/** The extension of a file name, lower case without the dot ('' when there is none). */
export function extensionOf(name: string): string {
  const base = String(name ?? '').split(/[\\/]/).pop() ?? '';
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot + 1).toLowerCase() : '';
}

/** The types an upload accepts, as an `<input accept>` value ('' when any). */
export const acceptOf = (def: UploadDef): string => (def.types ?? []).map((t) => `.${t}`).join(',');

/** Types whose first bytes say what they are; a file named so must carry those bytes. */
const SIGNED: Record<string, string> = { jpg: 'image/jpeg', jpeg: 'image/jpeg', png: 'image/png', gif: 'image/gif', webp: 'image/webp', pdf: 'application/pdf',
  mp4: 'video/mp4', webm: 'video/webm', mp3: 'audio/mpeg' };

const sizeText = (bytes: number) => (bytes >= 1024 * 1024 ? `${Math.round(bytes / 1024 / 1024)} MB` : `${Math.round(bytes / 1024)} kB`);

const fill = (text: string, name: string) => text.replace('{file}', name);

/**
 * Why a file is refused for an upload kind, or null. `sniffed` is the type its bytes say (the
 * server knows it; the browser passes undefined and judges by the name alone).
 */
export function uploadProblem(def: UploadDef, file: { name: string; size: number }, sniffed?: string | null): string | null {
  const ext = extensionOf(file.name);
  const typeText = fill(def.messages?.type ?? `Only ${(def.types ?? []).join(', ')} files can be uploaded`, file.name);
  if (def.types && !def.types.includes(ext)) return typeText;
  if (sniffed !== undefined && SIGNED[ext] && sniffed !== SIGNED[ext]) return typeText;
  if (file.size > def.maxBytes) return fill(def.messages?.size ?? `The file must be at most ${sizeText(def.maxBytes)}`, file.name);
  if (file.size === 0) return 'The file is empty';
  return null;
}

/** An upload kind: its name, the resource declaring it and its rule. */
export interface FoundUpload { kind: string; resource: ResourceDef; def: UploadDef }

/** The resource declaring an upload kind, with the kind's rule; undefined when no resource does. */
export function findUpload(resources: readonly ResourceDef[], kind: string): FoundUpload | undefined {
  for (const resource of resources) {
    const def = resource.uploads?.[kind];
    if (def && Object.hasOwn(resource.uploads!, kind)) return { kind, resource, def };
  }
  return undefined;
}

/**
 * The kind an upload without one is taken as, for a role (a number; none when signed out): the
 * kind naming the role in `defaultFor`, else the general kind.
 */
export function defaultUpload(resources: readonly ResourceDef[], role: number | undefined): FoundUpload | undefined {
  const all = resources.flatMap((resource) => Object.entries(resource.uploads ?? {}).map(([kind, def]) => ({ kind, resource, def })));
  const name = roleName(role);
  return all.find((u) => name !== undefined && u.def.defaultFor?.includes(name)) ?? all.find((u) => u.def.general);
}

/** A profile photo's refusals (spec 1): JPG or PNG under 256 kB. */
export const PHOTO_MESSAGES = {
  type: 'You can only upload JPG/PNG file!',
  size: 'Image must smaller than 256 kB!',
};
