import { sql } from 'kysely';
import type { FastifyInstance } from 'fastify';
import type { Ctx } from '../../framework/context.js';
import { ok } from '../../framework/envelope.js';
import { badRequest } from '../../framework/errors.js';
import { addRoute, type RouteEnv } from '../../framework/route.js';
import { inListOrder } from '../../framework/query.js';
import { EDITORS } from './lists.js';
import { likePattern, queryId, queryValue } from '../../framework/inputs.js';
import { assertClass } from '../../framework/lookups.js';
import { STUDENT_STATUS } from './student.hooks.js';

/** User pickers (the add-student wizard's "existing parent login", staff pickers) and the app-users report. */

const STAFF_ROLES = [2, 3, 4, 5, 6, 7];
const KNOWN_ROLES = [1, ...STAFF_ROLES];
const USER_LIMIT = 50;

async function searchUsers(ctx: Ctx, roles: number[], q: string | undefined) {
  let qb = ctx.db.selectFrom('user').select(['id', 'name', 'email', 'username', 'role'])
    .where('role', 'in', roles).where('is_disabled', '=', false);
  const text = q?.trim();
  if (text) {
    const like = likePattern(text);
    qb = qb.where((eb) => eb.or([eb('name', 'ilike', like), eb('email', 'ilike', like), eb('username', 'ilike', like), eb('mobile', 'like', like)]));
  }
  return qb.orderBy('name').orderBy('id').limit(USER_LIMIT).execute();
}

export function registerStudentReportRoutes(app: FastifyInstance, env: RouteEnv) {
  addRoute(app, env, {
    call: 'GET /search/email/', roles: EDITORS, module: 'students',
    handler: async (ctx, req) => ok(await searchUsers(ctx, STAFF_ROLES, queryValue(req, 'q'))),
  });

  addRoute(app, env, {
    call: 'GET /search/email/{role}/', roles: EDITORS, module: 'students',
    handler: async (ctx, req, p) => {
      if (!KNOWN_ROLES.includes(p.role!)) throw badRequest('Invalid role');
      return ok(await searchUsers(ctx, [p.role!], queryValue(req, 'q')));
    },
  });

  addRoute(app, env, {
    call: 'GET /reports/app-users/', roles: [2, 3, 4, 7], module: 'students',
    handler: async (ctx, req) => {
      const classId = queryId(req, 'class_id');
      if (classId !== undefined) await assertClass(ctx, classId);
      let qb = ctx.db.selectFrom('student as s').leftJoin('class as c', 'c.id', 's.class_id')
        .select(['s.id', 's.fullname', 's.admission_no', 's.mobile', 's.class_id', 'c.class', 'c.section',
          sql<boolean>`s.user_id is not null`.as('app_user'), 's.created_at as created_on'])
        .where('s.status', '=', STUDENT_STATUS.ACTIVE);
      if (classId !== undefined) qb = qb.where('s.class_id', '=', classId);
      // Classes as the classes list orders them; students by name within a class.
      return ok(await inListOrder(qb, 'classes', 'c').orderBy('s.fullname').orderBy('s.id').execute());
    },
  });
}
