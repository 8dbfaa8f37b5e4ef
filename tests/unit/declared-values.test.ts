/**
 * Roles, role groups and enum options come from one declaration: the groups resolve where a
 * resource is defined, and a status's label and colour are its schema's.
 */
import { describe, expect, it } from 'vitest';
import { RESOURCES } from '../../src/generated/declarations.js';
import { LEADS_STATUS, LEADS_STATUS_OPTIONS } from '../../src/generated/enums/admissions.js';
import { ACYEAR_STATUS } from '../../src/generated/enums/academics.js';
import { entitySchemaFiles } from '../../src/build/gen-entities.js';
import { columnDef } from '../../src/client/framework/format.js';
import { defineResource } from '../../src/shared/resource.js';
import { resourceByName } from '../../src/shared/registry.js';
import { optionOf, optionsOf } from '../../src/shared/options.js';
import { expandRoles, hasRole, ROLE_IDS, ROLE_NAMES, type Role } from '../../src/shared/roles.js';
import { ENABLED_YEAR } from '../../src/shared/years.js';
import fs from 'node:fs';

describe('role groups', () => {
  it('expand to their roles, each once, and refuse a name that is neither', () => {
    expect(expandRoles(['family', 'staff', 'librarian'])).toEqual(['parent', 'teacher', 'admin', 'super_admin', 'librarian']);
    expect(expandRoles(['admins', 'super_admin'])).toEqual(['admin', 'super_admin']);
    expect(() => expandRoles(['office' as Role])).toThrow(/office/);
  });

  it('are resolved by defineResource in access, calls, pages and uploads', () => {
    const r = defineResource({
      name: 'things', module: 'hostel', schema: { type: 'object', properties: {} }, label: 'Things', api: {},
      access: { read: ['family', 'staff'], update: ['admins'] },
      calls: { mine: { call: 'GET /things/mine/', permission: 'read', roles: ['family'] } },
      pages: { list: { route: '/things', component: 'Things', permission: 'read', roles: ['staff'], calls: [{ call: 'things.mine', roles: ['family'] }] } },
      uploads: { 'thing-files': { permission: 'update', roles: ['admins'], maxBytes: 1, defaultFor: ['family'] } },
      messages: {},
    });
    expect(r.access).toEqual({ read: ['parent', 'teacher', 'admin', 'super_admin'], update: ['admin', 'super_admin'] });
    expect(r.calls.mine.roles).toEqual(['parent']);
    expect(r.pages!.list!.roles).toEqual(['teacher', 'admin', 'super_admin']);
    expect(r.pages!.list!.calls).toEqual([{ call: 'things.mine', roles: ['parent'] }]);
    expect(r.uploads['thing-files']).toMatchObject({ roles: ['admin', 'super_admin'], defaultFor: ['parent'] });
  });

  it('leave every declared resource naming roles only', () => {
    const lists: Array<readonly string[]> = [];
    for (const r of RESOURCES) {
      lists.push(...Object.values(r.access).filter((l): l is Role[] => !!l));
      for (const c of Object.values(r.calls ?? {})) if (c.roles) lists.push(c.roles);
      for (const p of Object.values(r.pages ?? {})) {
        if (p.roles) lists.push(p.roles);
        for (const c of p.calls ?? []) if (typeof c !== 'string') lists.push(c.roles);
      }
      for (const u of Object.values(r.uploads ?? {})) lists.push(...[u.roles, u.defaultFor].filter((l): l is Role[] => !!l));
    }
    for (const l of lists) for (const role of l) expect(ROLE_NAMES).toContain(role);
    expect(resourceByName('leads').access.read).toEqual(['admin', 'super_admin']);
  });

  it('name a user\'s role for screens and handlers', () => {
    expect(hasRole({ role: ROLE_IDS.admin }, 'admins')).toBe(true);
    expect(hasRole({ role: ROLE_IDS.super_admin }, 'admins')).toBe(true);
    expect(hasRole({ role: ROLE_IDS.teacher }, 'admins')).toBe(false);
    expect(hasRole(ROLE_IDS.parent, 'family')).toBe(true);
    expect(hasRole(undefined, 'staff')).toBe(false);
  });
});

describe('enum options', () => {
  it('carry the schema\'s labels and colours into the generated tables', () => {
    expect(optionOf(LEADS_STATUS_OPTIONS, LEADS_STATUS.QUALIFIED_ADMISSION_DONE)).toEqual({ value: 6, label: 'Qualified (admission done)', color: 'green' });
    expect(optionOf(LEADS_STATUS_OPTIONS, '-2')?.color).toBe('red');
    expect(LEADS_STATUS_OPTIONS).toEqual(optionsOf(resourceByName('leads').schema.properties.status));
  });

  it('colour a declared tag column when it names no tags of its own', () => {
    const leads = resourceByName('leads');
    const col = columnDef(leads, leads.list!.columns.find((c) => typeof c === 'object' && c.field === 'status')!);
    expect(col.tags?.['5']).toEqual({ label: 'Confirmed (admission pending)', color: 'cyan' });
    expect(col.tags?.['0']).toEqual({ label: 'Unknown', color: 'default' });
  });

  it('name only antd colours in the schemas', () => {
    const antd = ['default', 'magenta', 'red', 'volcano', 'orange', 'gold', 'lime', 'green', 'cyan', 'blue', 'geekblue', 'purple', 'success', 'processing', 'error', 'warning'];
    for (const { file } of entitySchemaFiles()) {
      const schema = JSON.parse(fs.readFileSync(file, 'utf8'));
      for (const prop of Object.values<any>(schema.properties ?? {})) {
        for (const o of optionsOf(prop)) if (o.color) expect(antd, `${file}: ${o.label}`).toContain(o.color);
      }
    }
  });

  it('name the enabled academic year', () => {
    expect(ENABLED_YEAR).toEqual({ field: 'status', equals: ACYEAR_STATUS.ENABLED });
  });
});
