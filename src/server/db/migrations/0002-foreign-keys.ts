import { sql, type Kysely } from 'kysely';

/**
 * Foreign keys for the declared relations (a resource's `from` column naming another's row),
 * matching what a delete through the API already does (src/server/framework/service.ts):
 *   cascade   the relation is declared `cascade` (a test's per-class details go with the test);
 *   set null  an optional reference is cleared;
 *   no action a required one refuses the delete (the API refuses first, with its message).
 * The keys are checked at commit (deferred), so code that deletes a row and what points at it
 * in one transaction may do so in any order.
 *
 * A store may hold references to rows deleted before these keys existed. Optional ones are
 * cleared, as the delete would have done. Required ones are kept and the key added NOT VALID
 * (PostgreSQL then checks new and changed rows only), so no record is lost; the start says so.
 */
const RELATIONS: Array<[table: string, column: string, parent: string, onDelete: 'cascade' | 'set null' | 'no action']> = [
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
  for (const [table, column, parent, onDelete] of RELATIONS) {
    const orphans = db.selectFrom(`${table} as c`).where(`c.${column}`, 'is not', null)
      .where(({ not, exists, selectFrom }) => not(exists(selectFrom(`${parent} as p`).select('p.id').whereRef('p.id', '=', `c.${column}`))));
    let valid = true;
    if (onDelete === 'no action') {
      const { n } = await orphans.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
      if (Number(n) > 0) {
        valid = false;
        console.warn(`${table}.${column}: ${n} row(s) name a ${parent} that no longer exists; they are kept, and new rows are checked`);
      }
    } else {
      await db.updateTable(table).set({ [column]: null }).where('id', 'in', orphans.select('c.id')).execute();
    }
    const name = `${table}_${column}_fk`;
    await sql`alter table ${sql.table(table)} add constraint ${sql.id(name)} foreign key (${sql.ref(column)}) references ${sql.table(parent)} (id)
      on delete ${sql.raw(onDelete)} deferrable initially deferred ${sql.raw(valid ? '' : 'not valid')}`.execute(db);
  }
}
