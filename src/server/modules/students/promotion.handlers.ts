import type { CallInputs } from '../../../generated/call-inputs.js';
import type { Ctx } from '../../framework/context.js';
import { badRequest, conflict } from '../../framework/errors.js';
import { defineHandlers } from '../../framework/calls.js';
import { inTransaction } from '../../framework/service.js';
import { items } from '../../framework/items.js';
import type { Student, StudentYear } from '../../../generated/entities/students.js';
import { PROMOTE_WITH_TO, lowerClassProblem, promoteProblem, type PromoteAction } from '../../../shared/promotion.js';
import { assertClass, assertYear } from '../../framework/lookups.js';
import { ACY, STUDENT_STATUS } from './student.hooks.js';

/**
 * The promote screen (spec 1, sections 2, 4, 5): promote (or detain, same class), graduate,
 * year back/break and shuffle the selected students of one class and year.
 *
 * Every year a student has been in is a student_year row that is never deleted, so the history
 * keeps each year with its class, section, roll number, year status and admission type:
 * - promote: the From year's row becomes Promoted (2); a row in the To year and class is added
 *   (Current, admission type 'RE ADM.': the school re-admits a continuing student each year,
 *   which is what fees for new and returning students go by); the student moves there.
 * - detain (same From and To class): the From row becomes Detained (-1); a row in the same class
 *   of the To year is added as for a promotion.
 *   A student returning from a year break keeps 'Year Break' on the old year's row.
 * - graduate: the From row and the student become Graduated (3).
 * - year back/break: the From row and the student become Year Break (0).
 * - shuffle (a class change inside one year): the old class's row becomes Shuffled (4) and a
 *   Current row in the new class of the same year is added (its admission type carried over),
 *   so the student is listed in the new class as Current and in the old one as Shuffled.
 *   That is why student_year is unique per (student, year, class) and not per (student, year):
 *   a year has at most one row that is not Shuffled (kept by these calls).
 * Roll numbers of the new rows start empty: schools number each year's class afresh.
 * Each call is one transaction: one student that is not in the From class and year refuses the
 * whole request and nothing changes. Unselected students are not touched. The year rows and the
 * students' records are written through the service, each audited under the call's action
 * (promote, detain, graduate, year-break, shuffle), one statement a step for the whole selection.
 */

// The pickers' classes and years arrive in the payload.
const FROM = { inPayload: true, which: 'From' };
const TO = { inPayload: true, which: 'To' };


interface FromTo { from_class: number; from_ac_year: number; to_class: number; to_ac_year: number; students: number[] }
interface FromOnly { from_class: number; from_ac_year: number; students: number[] }


/**
 * The payload's shapes are checked by its schema (schemas/students/calls/promote.json); here, in
 * the screen's order and words (shared with the browser), what is missing or does not fit.
 */
/** The four calls take one payload schema. */
type PromotePayload = CallInputs['student-years.promote']['body'];

function readBody(body: PromotePayload, action: PromoteAction): FromTo {
  const fields = PROMOTE_WITH_TO[action] ? ['from_class', 'from_ac_year', 'to_class', 'to_ac_year'] : ['from_class', 'from_ac_year'];
  for (const k of Object.keys(body)) if (![...fields, 'students'].includes(k)) throw badRequest(`Unknown field: ${k}`);
  const problem = promoteProblem(action, { ...body, students: body.students ?? [] });
  if (problem) throw badRequest(problem);
  return { ...(body as FromTo), students: [...new Set(body.students)] };
}

interface Place {
  aym_id: number; student_id: number; fullname: string; status: number; student_status: number;
  admission_type: string | null; student_year: number;
}

/** Names for a message: 'Asha, Ravi and 3 more'; ids that are no student at all show as '#id'. */
function names(items: string[]): string {
  const shown = items.slice(0, 5).join(', ');
  return items.length > 5 ? `${shown} and ${items.length - 5} more` : shown;
}

/**
 * The selected students' rows in the From class and year, locked for this transaction. Every
 * selected student must have one whose year status is one of `statuses` and whose own status is
 * one of `studentStatuses`, else the request is refused before anything is written.
 */
async function placesOf(ctx: Ctx, b: FromOnly, statuses: number[], studentStatuses: number[]): Promise<Place[]> {
  await assertClass(ctx, b.from_class, FROM);
  await assertYear(ctx, b.from_ac_year, FROM);
  const rows = await ctx.db.selectFrom('student_year as sy')
    .innerJoin('student as s', 's.id', 'sy.student_id')
    .select(['sy.id as aym_id', 'sy.student_id', 's.fullname', 'sy.status', 's.status as student_status', 'sy.admission_type', 's.ac_year_id as student_year'])
    .where('sy.class_id', '=', b.from_class).where('sy.ac_year_id', '=', b.from_ac_year)
    .where('sy.student_id', 'in', b.students)
    .forUpdate()
    .execute() as Place[];
  const ok = new Map<number, Place>();
  for (const r of rows) if (statuses.includes(r.status) && studentStatuses.includes(r.student_status)) ok.set(r.student_id, r);
  const bad = b.students.filter((id) => !ok.has(id));
  if (bad.length) {
    const known = new Map(rows.map((r) => [r.student_id, r.fullname]));
    const unknown = bad.filter((id) => !known.has(id));
    if (unknown.length) {
      for (const o of await ctx.db.selectFrom('student').select(['id', 'fullname']).where('id', 'in', unknown).execute()) known.set(o.id, o.fullname);
    }
    throw badRequest(`Not current students of the From class and academic year: ${names(bad.map((id) => known.get(id) ?? `#${id}`))}`);
  }
  return b.students.map((id) => ok.get(id)!);
}

/** A student may have only one class (that is not Shuffled) in a year. */
async function assertNoPlaceIn(ctx: Ctx, year: { id: number; name: string }, places: Place[]) {
  const taken = await ctx.db.selectFrom('student_year as sy').innerJoin('student as s', 's.id', 'sy.student_id')
    .select('s.fullname').where('sy.ac_year_id', '=', year.id).where('sy.status', '<>', ACY.SHUFFLED)
    .where('sy.student_id', 'in', places.map((p) => p.student_id)).execute();
  if (taken.length) throw conflict(`Already in a class in ${year.name}: ${names(taken.map((t) => t.fullname))}`);
}

type AdmissionType = StudentYear['admission_type'];

/** Adds (or, for a class the student was shuffled out of, reopens) the students' rows in a year and class. */
async function addPlaces(ctx: Ctx, yearId: number, classId: number, places: Place[], admissionType: (p: Place) => string | null, action: string) {
  if (!places.length) return;
  const years = items(ctx, 'student-years');
  const shuffledOut = new Map((await ctx.db.selectFrom('student_year').select(['id', 'student_id'])
    .where('ac_year_id', '=', yearId).where('class_id', '=', classId).where('student_id', 'in', places.map((p) => p.student_id)).execute())
    .map((r) => [r.student_id, r.id]));
  // Reopened rows take their admission type: one write per type (a few at most).
  const reopened = new Map<string | null, number[]>();
  for (const p of places) {
    const id = shuffledOut.get(p.student_id);
    if (id !== undefined) reopened.set(admissionType(p), [...(reopened.get(admissionType(p)) ?? []), id]);
  }
  for (const [type, ids] of reopened) await years.updateWhere({ id: ids }, { status: ACY.CURRENT, roll_no: null, admission_type: type as AdmissionType }, { action });
  await years.createMany(places.filter((p) => !shuffledOut.has(p.student_id)).map((p) => ({
    student_id: p.student_id, ac_year_id: yearId, class_id: classId, roll_no: null, status: ACY.CURRENT, admission_type: admissionType(p) as AdmissionType,
  })), { action });
}

async function setYearStatus(ctx: Ctx, places: Place[], status: number, action: string) {
  await items(ctx, 'student-years').updateWhere({ id: places.map((p) => p.aym_id) }, { status: status as StudentYear['status'] }, { action });
}

export default defineHandlers('student-years', {
  // Promote, or detain when the To class is the From class.
  promote: async (ctx, { body }) => {
    const b = readBody(body, 'promote');
    const detain = b.from_class === b.to_class;
    const count = await inTransaction(ctx, async (tx) => {
      const places = await placesOf(tx, b, [ACY.CURRENT, ACY.YEAR_BREAK], [STUDENT_STATUS.ACTIVE, STUDENT_STATUS.YEAR_BREAK]);
      const from = await assertYear(tx, b.from_ac_year, FROM);
      const to = await assertYear(tx, b.to_ac_year, TO);
      await assertClass(tx, b.to_class, TO);
      if (to.start_date <= from.start_date) throw ctx.fail('yearOrder');
      const names = await tx.db.selectFrom('class').select(['id', 'class']).where('id', 'in', [b.from_class, b.to_class]).execute();
      const nameOf = (id: number) => names.find((c) => c.id === id)?.class;
      const lower = lowerClassProblem(nameOf(b.from_class), nameOf(b.to_class));
      if (lower) throw badRequest(lower);
      await assertNoPlaceIn(tx, to, places);
      // A year break stays a year break in the history; a current year ends promoted or detained.
      const action = detain ? 'detain' : 'promote';
      await setYearStatus(tx, places.filter((p) => p.status === ACY.CURRENT), detain ? ACY.DETAINED : ACY.PROMOTED, action);
      await addPlaces(tx, b.to_ac_year, b.to_class, places, () => 'RE ADM.', action);
      await items(tx, 'students').updateWhere({ id: b.students }, { class_id: b.to_class, ac_year_id: b.to_ac_year, roll_no: null, status: STUDENT_STATUS.ACTIVE }, { action });
      return places.length;
    });
    return { count, action: detain ? 'detained' as const : 'promoted' as const };
  },

  graduate: async (ctx, { body }) => endYear(ctx, readBody(body, 'graduate'), ACY.GRADUATED, STUDENT_STATUS.GRADUATED, 'graduate'),

  yearBreak: async (ctx, { body }) => endYear(ctx, readBody(body, 'yearBreak'), ACY.YEAR_BREAK, STUDENT_STATUS.YEAR_BREAK, 'year-break'),

  shuffle: async (ctx, { body }) => {
    const b = readBody(body, 'shuffle');
    const count = await inTransaction(ctx, async (tx) => {
      const places = await placesOf(tx, b, [ACY.CURRENT], [STUDENT_STATUS.ACTIVE]);
      await assertClass(tx, b.to_class, TO);
      await setYearStatus(tx, places, ACY.SHUFFLED, 'shuffle');
      await addPlaces(tx, b.to_ac_year, b.to_class, places, (p) => p.admission_type, 'shuffle');
      // The student's record follows when this year is their latest one (it is, for a Current row).
      await items(tx, 'students').updateWhere({ id: b.students, ac_year_id: b.to_ac_year }, { class_id: b.to_class, roll_no: null }, { action: 'shuffle' });
      return places.length;
    });
    return { count };
  },
});

/** Graduate and year back/break end the From year for the student: that row and the student take one status. */
async function endYear(ctx: Ctx, b: FromOnly, yearStatus: number, studentStatus: number, auditName: string) {
  const count = await inTransaction(ctx, async (tx) => {
    const places = await placesOf(tx, b, [ACY.CURRENT], [STUDENT_STATUS.ACTIVE]);
    await setYearStatus(tx, places, yearStatus, auditName);
    await items(tx, 'students').updateWhere({ id: b.students }, { status: studentStatus as Student['status'] }, { action: auditName });
    return places.length;
  });
  return { count };
}
