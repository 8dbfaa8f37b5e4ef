/**
 * A school's configuration applied to the declarations, as the browser applies it at start-up:
 * the menu, the screen titles and the generated forms and lists show its labels, terms and
 * fields; the demo school's file passes its checks; a bad file is refused with path and reason.
 */
import fs from 'node:fs';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MODULES, RESOURCES, resourceByName } from '../../src/shared/registry.js';
import { checkAgainstDeclarations, configureResource, termReplacer, type BrowserConfig } from '../../src/shared/school-config.js';
import { buildMenu } from '../../src/client/app/menu.js';
import { applySchoolConfig } from '../../src/client/app/schoolConfig.js';
import { screenTitle } from '../../src/client/app/screen/titles.js';
import { formFields, formSchema, formUiSchema } from '../../src/client/framework/form/formModel.js';
import { resolvedColumns } from '../../src/client/framework/list/columns.js';
import { checkConfigText } from '../../src/server/framework/school-config.js';

const CONFIG: BrowserConfig = {
  version: 'test-1',
  labels: {
    terms: { Class: 'Grade', Classes: 'Grades', Section: 'Division' },
    modules: { fees: 'Fee Office' },
    menu: { 'student-years:promote': 'Year-end Promotion' },
  },
  fields: {
    students: { hide: ['usn'], custom: { house: { title: 'House', type: 'string', enum: ['Ganga', 'Yamuna', 'Kaveri', 'Narmada'] } } },
    teachers: { custom: { subject_group: { title: 'Subject Group', type: 'string', list: true } }, titles: { job_title: 'Designation' } },
  },
};
const superAdmin = { role: 4, adminModules: null, schoolModules: [] };

afterAll(() => applySchoolConfig(null));

describe('the menu and titles with a school\'s labels', () => {
  it('shows the school\'s module names, terms and menu entries, and its page titles', () => {
    const before = buildMenu(superAdmin, MODULES, RESOURCES);
    expect(before.find((g) => g.key === 'fees')!.title).toBe('Fees');
    expect(before.find((g) => g.key === 'academics')!.items.map((i) => i.label)).toContain('Classes');

    applySchoolConfig(CONFIG);
    const menu = buildMenu(superAdmin, MODULES, RESOURCES);
    expect(menu.find((g) => g.key === 'fees')!.title).toBe('Fee Office');
    const academics = menu.find((g) => g.key === 'academics')!.items.map((i) => i.label);
    expect(academics).toContain('Grades');
    expect(academics).not.toContain('Classes');
    expect(academics).toContain('Year-end Promotion');
    expect(screenTitle('/academics/classes/')).toBe('Grades');
    expect(screenTitle('/academics/classes/new')).toBe('Add Grade');
    expect(screenTitle('/academics/promote/')).toBe('Year-end Promotion');

    // The generated class form and list speak of grades and divisions.
    const classes = resourceByName('classes');
    const titles = Object.values<any>(formSchema(classes, formFields(classes, 'create')).properties).map((p) => p.title);
    expect(titles).toEqual(expect.arrayContaining(['Grade', 'Division', 'Grade Teacher']));
    expect(resolvedColumns(classes).map((c) => c.title)).toEqual(expect.arrayContaining(['Grade', 'Division']));

    // Back to the declarations as built.
    applySchoolConfig(null);
    expect(buildMenu(superAdmin, MODULES, RESOURCES).find((g) => g.key === 'fees')!.title).toBe('Fees');
    expect(resourceByName('classes').label).toBe('Classes');
  });
});

describe('fields of an entity', () => {
  it('adds custom fields to the form and lists, hides and retitles declared ones', () => {
    const students = configureResource(resourceByName('students'), CONFIG);
    expect(students.customFields).toEqual(['house']);
    const schema = formSchema(students, formFields(students, 'create'));
    expect(schema.properties.house).toMatchObject({ title: 'House', oneOf: [{ const: 'Ganga', title: 'Ganga' }, { const: 'Yamuna', title: 'Yamuna' }, { const: 'Kaveri', title: 'Kaveri' }, { const: 'Narmada', title: 'Narmada' }] });
    expect(formUiSchema(students, 'create', formFields(students, 'create')).usn).toEqual({ 'ui:widget': 'hidden' });

    const teachers = configureResource(resourceByName('teachers'), CONFIG);
    expect(resolvedColumns(teachers).map((c) => c.title)).toContain('Subject Group');
    expect(teachers.schema.properties.job_title.title).toBe('Designation');
    // The declaration itself is untouched.
    expect(resourceByName('teachers').schema.properties.subject_group).toBeUndefined();
  });

  it('replaces terms as whole words, keeping lower case lower', () => {
    const t = termReplacer({ Class: 'Grade', Section: 'Division' });
    expect(t('Class and Section')).toBe('Grade and Division');
    expect(t('Please select class and section')).toBe('Please select grade and division');
    expect(t('Classes')).toBe('Classes');
  });
});

describe('checks of a file', () => {
  it('passes the demo school\'s file', () => {
    const file = path.resolve('config/schools/DEMO01.json');
    expect(checkConfigText(fs.readFileSync(file, 'utf8'), file, 'DEMO01').problems).toEqual([]);
  });

  it('names the path and the reason of each problem', () => {
    const problems = checkAgainstDeclarations({
      code: 'ABC123',
      fields: { students: { hide: ['dob', 'nickname'], custom: { fullname: { title: 'Again', type: 'string' } } }, ghosts: {} },
      modules: { students: false, hovercraft: true },
      labels: { menu: { 'students:nowhere': 'X' } },
      academics: { grading_scale: [{ grade: 'A', min: 50, max: 100 }, { grade: 'B', min: 0, max: 60 }] },
      calendar: { holidays: [{ date: '2026-02-30', name: 'Not a day' }] },
      sms: { templates: { fee_due: { text: 'Pay {amount} by {date}', dlt_template_id: '1107000000000000001' } } },
    }, RESOURCES, MODULES, 'XYZ789');
    expect(problems).toEqual(expect.arrayContaining([
      { path: '$.code', reason: 'is ABC123 but the file is for XYZ789' },
      { path: '$.fields.students.hide[0]', reason: 'dob is required by the product and cannot be hidden' },
      { path: '$.fields.students.hide[1]', reason: 'students has no field nickname' },
      { path: '$.fields.students.custom.fullname', reason: 'students already has a field fullname; a custom field needs a name of its own' },
      { path: '$.fields.ghosts', reason: 'no entity is called ghosts' },
      { path: '$.modules.students', reason: 'Students cannot be switched off' },
      { path: '$.labels.menu[\'students:nowhere\']', reason: 'no page nowhere is declared by students' },
      { path: '$.academics.grading_scale[0]', reason: 'A overlaps B (50 to 100 and 0 to 60)' },
      { path: '$.calendar.holidays[0].date', reason: '2026-02-30 is not a real date (YYYY-MM-DD)' },
      { path: '$.sms.templates.fee_due.text', reason: '{date} is not a placeholder of fee_due (it has {school}, {student}, {bill}, {amount})' },
    ]));
    expect(problems.find((p) => p.path === '$.modules.hovercraft')?.reason).toMatch(/^no module is called hovercraft/);
  });

  it('refuses bad JSON and a shape the published schema does not allow, with the file and where', () => {
    expect(checkConfigText('{\n  "language": "en-IN",\n  "receipt": { "copies_per_sheet": 2, }\n}', '/x/schools/AB1234.json', 'AB1234').problems)
      .toEqual([expect.stringMatching(/^\/x\/schools\/AB1234\.json: line 3, column \d+: not valid JSON/)]);
    expect(checkConfigText(JSON.stringify({ receipt: { copies_per_sheet: 5 }, colour: 'blue' }), '/x/schools/AB1234.json', 'AB1234').problems).toEqual([
      '/x/schools/AB1234.json: $: unknown key "colour"',
      '/x/schools/AB1234.json: $.receipt.copies_per_sheet: must be <= 3',
    ]);
  });
});
