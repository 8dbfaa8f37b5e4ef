import { sql, type Kysely } from 'kysely';

/**
 * The columns every row must have (required, non-nullable properties of the schemas when this
 * was written) become NOT NULL, so no hand-written insert can leave one out. Written out here,
 * not read from today's schemas: a migration does what it did on the day it was made.
 */
const REQUIRED: Record<string, string[]> = {
  ac_year: ['name', 'syllabus', 'start_date', 'end_date'],
  branch: ['name', 'code'],
  class: ['class', 'section'],
  subject: ['class_id', 'name', 'code'],
  class_test: ['test_id', 'class_id', 'subject_id', 'marks_type', 'min_marks', 'max_marks', 'start_time', 'end_time'],
  test: ['name', 'ac_year', 'start_date', 'end_date'],
  created_fee: ['name', 'ac_year_id', 'class_id', 'amount_total'],
  fee_installment: ['payment_id', 'paid_amount', 'mode', 'kind', 'receipt_no', 'timestamp'],
  fee_item: ['name', 'type', 'amount'],
  fee_order: ['payment_id', 'student_id', 'user_id', 'amount', 'gateway', 'order_id', 'status'],
  fee_payment_detail: ['payment_id', 'fee_item_name', 'amount', 'quantity'],
  fee_payment: ['student_id', 'ac_year_id', 'name', 'total_amount', 'paid_amount', 'discount_amount', 'timestamp'],
  attendance: ['student_id', 'class_id', 'ac_year_id', 'date', 'present'],
  message: ['subject', 'message'],
  pocket_money: ['student_id', 'amount', 'txn_type', 'date', 'details'],
  student_contact: ['student_id', 'contact_name', 'mobile'],
  student_year: ['student_id', 'ac_year_id', 'class_id'],
  student: ['ac_year_id', 'class_id', 'fullname', 'mobile', 'dob', 'admission_no', 'admission_date'],
  teacher: ['fullname', 'email', 'mobile'],
};

export async function up(db: Kysely<any>): Promise<void> {
  // Every row is checked first, so the message lists all that need a value, not just the first.
  const missing: string[] = [];
  for (const [table, columns] of Object.entries(REQUIRED)) {
    for (const column of columns) {
      const { n } = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).where(column, 'is', null).executeTakeFirstOrThrow();
      if (Number(n) > 0) missing.push(`${table}.${column} is empty in ${n} row(s)`);
    }
  }
  if (missing.length) throw new Error(`required values are missing: ${missing.join('; ')}`);
  for (const [table, columns] of Object.entries(REQUIRED)) {
    await sql`alter table ${sql.table(table)} ${sql.join(columns.map((c) => sql`alter column ${sql.ref(c)} set not null`))}`.execute(db);
  }
}
