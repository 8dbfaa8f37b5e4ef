/**
 * What the modules' contributes.ts files declare reaches the platform through the build's list
 * (src/generated/server.ts): the schema sync's derived tables, the command line's commands, the
 * start-up work and the demo school's steps, each from the module that owns it.
 */
import { expect, it } from 'vitest';
import { derivedTables } from '../../src/server/db/derived-tables.js';
import { contributed, contributedCommands } from '../../src/server/framework/extensions.js';
import { discover } from '../../src/build/gen-registry.js';
import { SERVER_MODULES } from '../../src/server/installed.js';

it('finds every contributes.ts and hands each to the platform', () => {
  expect(SERVER_MODULES.contributions.map((c) => c.module)).toEqual(discover().contributes);
  expect(derivedTables().map((t) => t.name)).toEqual(['fee_item_day', 'vc_upload']);
  expect(Object.keys(contributedCommands())).toEqual(['fee-settings']);
  expect(contributed('startup')).toHaveLength(1);
});

it('runs the demo school\'s steps in one declared order, the students first', () => {
  const orders = contributed('demo').map((d) => d.order);
  expect(new Set(orders).size).toBe(orders.length);
  const students = SERVER_MODULES.contributions.find((c) => c.module === 'students')!.contributes.demo![0]!;
  expect(Math.min(...orders)).toBe(students.order);
  expect(SERVER_MODULES.contributions.filter((c) => c.contributes.demo).map((c) => c.module).sort()).toEqual([
    'admissions', 'announcements', 'attendance', 'chat', 'exams', 'fees', 'finance', 'homework', 'hr', 'library', 'marks', 'meetings', 'messages',
    'notes', 'online_tests', 'payroll', 'simple_accounts', 'simple_tests', 'simple_transport', 'students', 'timetable', 'transport', 'virtual_classroom', 'visitors',
  ]);
});
