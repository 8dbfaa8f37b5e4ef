/**
 * `npm run module -- new <module> <entity>`: writes a commented schema and resource file for a
 * new entity (and the module's own file when the module is new), ready to edit. The build finds
 * them by folder; nothing else is edited. See docs/modules.md.
 */
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pascal } from './gen-entities.js';
import { ROOT } from './paths.js';

const NAME = /^[a-z][a-z0-9]*(-[a-z0-9]+)*$/;

const words = (s: string) => s.split('-').map((w) => w[0]!.toUpperCase() + w.slice(1)).join(' ');
const plural = (s: string) => (/(s|x|ch|sh)$/.test(s) ? `${s}es` : /[^aeiou]y$/.test(s) ? `${s.slice(0, -1)}ies` : `${s}s`);

function schemaText(module: string, entity: string): string {
  const schema = {
    $id: `${module}/${entity}`,
    $comment: 'One JSON Schema per entity: its fields, types, limits and the messages a person reads. The table, the API checks, the form and the TypeScript type are made from it. Add a field by adding a property (the table gains the column on the next start); see docs/modules.md.',
    title: words(entity),
    type: 'object',
    properties: {
      id: { type: 'integer', title: 'ID', readOnly: true },
      name: {
        type: 'string', title: 'Name', minLength: 1, maxLength: 100,
        $comment: 'A required text field. errorMessage gives the texts of the spec instead of generic ones.',
        errorMessage: { minLength: 'Name is required', maxLength: 'Name must be at most 100 characters' },
      },
      notes: { type: ['string', 'null'], title: 'Notes', maxLength: 500, $comment: 'An optional field: null allowed, not in required.' },
    },
    required: ['name'],
    additionalProperties: false,
    errorMessage: { required: { name: 'Name is required' } },
  };
  return `${JSON.stringify(schema, null, 2)}\n`;
}

function resourceText(module: string, entity: string): string {
  const name = plural(entity);
  const api = name.replace(/-/g, '_');
  return `import schema from '../../schemas/${module}/${entity}.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * ${words(entity)}: say here what a school keeps in it and why.
 * Everything below is declared; the server routes, table, checks, screens and sidebar entry are
 * made from it. Hand-written pieces, when a declaration cannot say something, go in
 * src/server/modules/${module}/${entity}.hooks.ts (rules) and src/client/pages/${module}/ (screens).
 */
export default defineResource({
  // The name other declarations use to point here; the table the rows live in.
  name: '${name}', module: '${module}', schema, table: '${entity.replace(/-/g, '_')}',
  label: '${words(name)}', singular: '${words(entity)}', icon: 'AppstoreOutlined',
  // Screens: the list is in the sidebar; create and edit open the generated form.
  routes: { list: '/${module}/${name}/', create: '/${module}/${entity}/new', edit: '/${module}/${entity}/:id' },
  // The documented calls, as the spec writes them. Leave out what the spec does not have.
  api: {
    list: 'GET /${api}/', one: 'GET /${api}/{id}/', create: 'PUT /${api}/',
    update: 'POST /${api}/{id}/', remove: 'DELETE /${api}/{id}/',
  },
  list: {
    columns: ['name', 'notes'],
    search: ['name'], pageSize: 50, sort: 'name', export: 'csv',
  },
  // Who may do what, by role or role group (src/shared/roles.ts: admins, staff, family); an admin also needs the module permission given to them.
  access: { read: ['admins'], create: ['admins'], update: ['admins'], remove: ['admins'] },
  // The spec's success texts; {field} is filled from the record.
  messages: { created: 'New ${words(entity)} Added', updated: '${words(entity)} Updated', removed: '${words(entity)} Deleted' },
});
`;
}

function moduleText(module: string, order: number): string {
  return `import { defineModule } from '../../src/shared/resource.js';

/** ${words(module)}: one line on what the module is for. */
export default defineModule({
  // Sidebar title and icon (an id of src/client/framework/icon-set.ts); the group's link.
  key: '${module}', title: '${words(module)}', icon: 'AppstoreOutlined', link: '/${module}/',
  // Lower comes first in the sidebar; can_disable lets a school switch the module off.
  order: ${order}, can_disable: true,
});
`;
}

/** Writes the files; returns their paths relative to `root`. Refuses to overwrite. */
export function newModuleEntity(module: string, entity: string, root = ROOT): string[] {
  for (const [what, v] of [['module', module], ['entity', entity]] as const) {
    if (!NAME.test(v)) throw new Error(`The ${what} name "${v}" must be lower-case words joined by hyphens, e.g. fee-items`);
  }
  const files: Array<[string, string]> = [];
  const moduleFile = path.join('resources', module, 'module.ts');
  if (!fs.existsSync(path.join(root, moduleFile))) {
    const rdir = path.join(root, 'resources');
    const orders = fs.readdirSync(rdir).map((m) => path.join(rdir, m, 'module.ts')).filter((f) => fs.existsSync(f))
      .map((f) => Number(/order:\s*(\d+)/.exec(fs.readFileSync(f, 'utf8'))?.[1] ?? 0));
    files.push([moduleFile, moduleText(module, Math.max(0, ...orders) + 10)]);
  }
  files.push([path.join('schemas', module, `${entity}.json`), schemaText(module, entity)]);
  files.push([path.join('resources', module, `${entity}.ts`), resourceText(module, entity)]);
  for (const [rel] of files) if (fs.existsSync(path.join(root, rel))) throw new Error(`${rel} already exists`);
  for (const [rel, text] of files) {
    fs.mkdirSync(path.dirname(path.join(root, rel)), { recursive: true });
    fs.writeFileSync(path.join(root, rel), text);
  }
  return files.map(([rel]) => rel);
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  const [command, module, entity] = process.argv.slice(2);
  if (command !== 'new' || !module || !entity) {
    console.error('Usage: npm run module -- new <module> <entity>   e.g. npm run module -- new library book');
    process.exit(2);
  }
  try {
    const written = newModuleEntity(module, entity);
    console.log(`Wrote ${written.join(', ')}.\nEdit them, then npm run generate (the build does it too). Type ${pascal(entity)} is in src/generated/entities/${module}.ts.`);
  } catch (e) {
    console.error((e as Error).message);
    process.exit(1);
  }
}
