import type { Kysely } from 'kysely';
import { addMissingForeignKeys, type ForeignKey } from '../foreign-keys.js';

/**
 * Foreign keys for the relations declared when keys came in (src/server/db/foreign-keys.ts says
 * how each deletes). A school made since has them from its first start (the sync adds a new
 * table's keys), so only missing ones are added.
 */
export const RELATIONS: Array<[table: string, column: string, parent: string, onDelete: ForeignKey['onDelete']]> = [
  ['class', 'class_teacher_id', 'teacher', 'set null'],
  ['class', 'branch_id', 'branch', 'set null'],
  ['subject', 'class_id', 'class', 'no action'],
  ['subject', 'subject_teacher_id', 'teacher', 'set null'],
  ['class_test', 'test_id', 'test', 'cascade'],
  ['class_test', 'class_id', 'class', 'no action'],
  ['class_test', 'subject_id', 'subject', 'no action'],
  ['class_test', 'invigilator', 'teacher', 'set null'],
  ['test', 'ac_year', 'ac_year', 'no action'],
  ['created_fee', 'ac_year_id', 'ac_year', 'no action'],
  ['created_fee', 'class_id', 'class', 'no action'],
  ['created_fee', 'fee_item_id', 'fee_item', 'set null'],
  ['fee_installment', 'payment_id', 'fee_payment', 'no action'],
  ['fee_order', 'payment_id', 'fee_payment', 'no action'],
  ['fee_payment_detail', 'payment_id', 'fee_payment', 'no action'],
  ['fee_payment_detail', 'fee_item_id', 'fee_item', 'set null'],
  ['fee_payment', 'student_id', 'student', 'no action'],
  ['fee_payment', 'ac_year_id', 'ac_year', 'no action'],
  ['fee_payment', 'created_fee_id', 'created_fee', 'set null'],
  ['attendance', 'student_id', 'student', 'no action'],
  ['attendance', 'class_id', 'class', 'no action'],
  ['message', 'student_id', 'student', 'set null'],
  ['pocket_money', 'student_id', 'student', 'no action'],
  ['student_contact', 'student_id', 'student', 'no action'],
  ['student_year', 'student_id', 'student', 'no action'],
  ['student_year', 'class_id', 'class', 'no action'],
  ['student_year', 'ac_year_id', 'ac_year', 'no action'],
  ['student', 'class_id', 'class', 'no action'],
  ['student', 'ac_year_id', 'ac_year', 'no action'],
];

export async function up(db: Kysely<any>): Promise<void> {
  await addMissingForeignKeys(db, RELATIONS.map(([table, column, parent, onDelete]) => ({ table, column, parent, onDelete })));
}
