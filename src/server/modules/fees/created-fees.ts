import type { FastifyInstance } from 'fastify';
import { sql, type Kysely } from 'kysely';
import { ok } from '../../framework/envelope.js';
import { badRequest, notFound } from '../../framework/errors.js';
import { addRoute, type RouteEnv } from '../../framework/route.js';
import { queryValue } from '../../framework/inputs.js';
import { assertClass, assertYear } from '../../framework/lookups.js';
import { FEE_STAFF } from './access.js';
import { requiredQueryId } from './reports.js';

/**
 * Created fees (spec 2: /fees/create/). The list and the form are generated from the
 * declaration (resources/fees/created-fee.ts); creating one bills the class's current students
 * (created-fee.hooks.ts). Here: GET /fees/create/?name=&ac_year_id=&class_id=, the students
 * billed for one created fee, with what each has paid and has pending on that bill.
 */

/** The bills of one created fee with their students, by roll number then name. */
export function createdFeeStudentsQuery(db: Kysely<any>, createdFeeId: number) {
  return db.selectFrom('fee_payment as p')
    .innerJoin('created_fee as cf', 'cf.id', 'p.created_fee_id')
    .innerJoin('student as s', 's.id', 'p.student_id')
    .leftJoin('student_year as sy', (j) => j.onRef('sy.student_id', '=', 'p.student_id').onRef('sy.ac_year_id', '=', 'cf.ac_year_id')
      .onRef('sy.class_id', '=', 'cf.class_id'))
    .select([
      'p.student_id', 's.admission_no', 's.fullname', 'sy.roll_no', 'p.id as payment_id', 'p.name as fee_name', 'p.timestamp as date',
      sql<number>`${sql.ref('p.total_amount')}::float8`.as('total_amount'),
      sql<number>`${sql.ref('p.paid_amount')}::float8`.as('paid_amount'),
      sql<number>`(${sql.ref('p.total_amount')} - ${sql.ref('p.paid_amount')})::float8`.as('pending_amount'),
    ])
    .where('p.created_fee_id', '=', createdFeeId)
    .orderBy(sql`${sql.ref('sy.roll_no')} asc nulls last`).orderBy('s.fullname').orderBy('p.id');
}

export function registerCreatedFeeRoutes(app: FastifyInstance, env: RouteEnv) {
  addRoute(app, env, {
    call: 'GET /fees/create/', roles: FEE_STAFF, module: 'fees', perm: 'read',
    handler: async (ctx, req) => {
      const name = queryValue(req, 'name')?.trim();
      if (!name) throw badRequest('Fee title is required');
      if (name.length > 100) throw badRequest('Invalid fee title');
      const yearId = requiredQueryId(req, 'ac_year_id', 'academic year id', 'Please select academic year');
      const classId = requiredQueryId(req, 'class_id', 'class id', 'Please select class');
      await assertYear(ctx, yearId, { inPayload: true });
      await assertClass(ctx, classId, { inPayload: true });
      const fee = await ctx.db.selectFrom('created_fee').select('id')
        .where('name', '=', name).where('ac_year_id', '=', yearId).where('class_id', '=', classId).executeTakeFirst();
      if (!fee) throw notFound('Fee not found');
      return ok(await createdFeeStudentsQuery(ctx.db, fee.id).execute());
    },
  });
}
