import { describe, expect, it } from 'vitest';
import { MODULES, RESOURCES, resourceByName } from '../../src/shared/registry.js';
import { pageRoles, roleAllows } from '../../src/shared/resource.js';
import { can, flag, moduleEnabled, permissionFor, type AccessContext } from '../../src/client/framework/access.js';
import { buildMenu } from '../../src/client/app/menu.js';
import { columnDef, displayText, formatDate, formatMoney } from '../../src/client/framework/format.js';
import { csvCell, toCsv } from '../../src/shared/csv.js';
import { optionLabel } from '../../src/client/framework/labels.js';
import { hasRowActions } from '../../src/client/framework/list/rowExtras.js';
import { counted, totalOf } from '../../src/shared/plural.js';

const ctx = (role: number, adminModules: AccessContext['adminModules'] = null, schoolModules: AccessContext['schoolModules'] = []): AccessContext => ({ role, adminModules, schoolModules });

describe('access control', () => {
  const classes = resourceByName('classes');
  it('follows the declaration for roles', () => {
    expect(can(ctx(2), classes, 'read')).toBe(true);
    expect(can(ctx(2), classes, 'create')).toBe(false);
    expect(can(ctx(4), classes, 'remove')).toBe(true);
  });
  it('limits role 3 by its module permissions', () => {
    const mods = [{ module_key: 'academics', enabled: true, read: true, create: false, update: '1', delete: 0 }];
    expect(can(ctx(3, mods), classes, 'read')).toBe(true);
    expect(can(ctx(3, mods), classes, 'create')).toBe(false);
    expect(can(ctx(3, mods), classes, 'update')).toBe(true);
    expect(can(ctx(3, mods), classes, 'remove')).toBe(false);
    expect(can(ctx(3, []), classes, 'read')).toBe(false);
  });
  it('refuses everything in a disabled module', () => {
    const teachers = resourceByName('teachers');
    expect(moduleEnabled(ctx(4, null, [{ module_key: 'teachers', enabled: false }]), 'teachers')).toBe(false);
    expect(can(ctx(4, null, [{ module_key: 'teachers', enabled: '0' }]), teachers, 'read')).toBe(false);
  });
  it('maps Refine actions and declared actions to permissions', () => {
    const acyears = resourceByName('acyears');
    expect(permissionFor(acyears, 'edit')).toBe('update');
    expect(permissionFor(acyears, 'delete')).toBe('remove');
    expect(permissionFor(acyears, 'start')).toBe('update');
    expect(flag('1') && flag(1) && flag(true) && !flag('0') && !flag(undefined)).toBe(true);
  });
});

describe('sidebar', () => {
  it('lists readable resources with parameter-free list routes, grouped by module', () => {
    const menu = buildMenu(ctx(4), MODULES, RESOURCES);
    expect(menu.map((g) => g.key)).toEqual(['academics', 'attendance', 'students', 'marks', 'fees', 'teachers', 'announcements', 'timetable', 'homework', 'virtual_classroom', 'messages', 'simple_tests', 'online_tests', 'meetings', 'hostel', 'notes', 'question_paper', 'certificate', 'exams', 'hr', 'payroll', 'simple_accounts', 'finance', 'transport', 'simple_transport', 'admissions', 'library', 'visitors', 'simple_inventory', 'admin_actions', 'files']);
    const academics = menu[0]!.items.map((i) => i.route);
    expect(academics).toContain('/academics/classes/');
    expect(academics).not.toContain('/academics/test/list/:test_id');
    // A module's home leads its group: the dashboards of finance and payroll.
    const first = (key: string) => menu.find((g) => g.key === key)!.items[0]!.label;
    expect([first('finance'), first('payroll')]).toEqual(['Dashboard', 'Payroll']);
  });
  it('hides hidden modules and those without read, greys disabled ones', () => {
    const mods = [
      { module_key: 'academics', enabled: true, hidden: false, read: true },
      { module_key: 'teachers', enabled: false, hidden: false, read: true },
    ];
    const menu = buildMenu(ctx(3, mods), MODULES, RESOURCES);
    expect(menu.find((g) => g.key === 'teachers')?.disabled).toBe(true);
    expect(buildMenu(ctx(3, [{ ...mods[0]!, hidden: true }]), MODULES, RESOURCES)).toEqual([]);
    expect(buildMenu(ctx(3, [{ ...mods[0]!, read: false }]), MODULES, RESOURCES)).toEqual([]);
  });
  it('gives each role only what the declarations let it read', () => {
    for (const role of [1, 2, 7]) {
      const readable = [
        ...RESOURCES.filter((r) => r.routes?.list && !r.routes.list.includes(':') && roleAllows(r, role, 'read')).map((r) => r.name),
        ...RESOURCES.flatMap((r) => Object.entries(r.pages ?? {}).filter(([, p]) => p.menu && pageRoles(r, p).includes(role)).map(([k]) => `${r.name}:${k}`)),
      ];
      expect(buildMenu(ctx(role), MODULES, RESOURCES).flatMap((g) => g.items.map((i) => i.key)).sort()).toEqual(readable.sort());
    }
  });
});

describe('formatting and CSV', () => {
  it('formats dates, money, enum labels and tags', () => {
    expect(formatDate('2026-06-01', 'DD-MM-YYYY')).toBe('01-06-2026');
    expect(formatMoney(123456.5)).toBe('₹1,23,456.50');
    const tests = resourceByName('tests');
    expect(displayText(tests, columnDef(tests, { field: 'test_type', render: 'enum' }), { test_type: 2 })).toBe('Class Test');
    expect(displayText(tests, columnDef(tests, { field: 'test_type', render: 'enum' }), { test_type: 7 })).toBe('Unknown');
    const acyears = resourceByName('acyears');
    const status = columnDef(acyears, acyears.list!.columns[4]!);
    expect(displayText(acyears, status, { status: 1 })).toBe('ENABLED');
  });
  it('takes column titles from the schema unless declared', () => {
    expect(columnDef(resourceByName('tests'), 'name').title).toBe('Test Name');
    expect(columnDef(resourceByName('classes'), { field: 'students_count', title: 'Students count' }).title).toBe('Students count');
  });
  it('quotes CSV cells that need it', () => {
    expect(csvCell('a,b')).toBe('"a,b"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(toCsv(['A', 'B'], [['1', 'x\ny']])).toBe('A,B\r\n1,"x\ny"\r\n');
  });
  it('labels classes as "class - section"', () => {
    expect(optionLabel({ id: 1, class: '5', section: 'B' }, 'class-section')).toBe('5 - B');
    expect(optionLabel({ id: 1, fullname: 'Anita' }, 'fullname')).toBe('Anita');
  });
});

describe('row actions', () => {
  const classes = resourceByName('classes');
  it('leave out the Actions column for a role with no button on the rows', () => {
    // A teacher reads classes: no edit, delete, student import or template.
    expect(hasRowActions(ctx(2), classes)).toBe(false);
    expect(hasRowActions(ctx(4), classes)).toBe(true);
    // An admin allowed only to read academics, but who may add students, still has the import.
    const readAcademics = [{ module_key: 'academics', enabled: true, read: true, create: false, update: false, delete: false },
      { module_key: 'students', enabled: true, read: true, create: true, update: false, delete: false }];
    expect(hasRowActions(ctx(3, readAcademics), classes)).toBe(true);
    expect(hasRowActions(ctx(3, readAcademics.slice(0, 1)), classes)).toBe(false);
  });
});

describe('counts', () => {
  it('read singular for one', () => {
    expect(counted(1, 'student')).toBe('1 student');
    expect(counted(0, 'student')).toBe('0 students');
    expect(counted(31, 'family', 'families')).toBe('31 families');
    expect(counted(12000, 'record')).toBe('12,000 records');
    expect(totalOf('student')(1)).toBe('1 student');
  });
});
