/**
 * Report cards: the preparation sheet of a class, the tests chosen per component (admins),
 * the entries per student (the class teacher and admins), publishing (admins), the class's
 * cards as one PDF, and a parent's own child's published card. A class teacher reaches the
 * classes they lead (the resource's row scope); declared scope keeps a parent to their own children.
 */
import { sql } from 'kysely';
import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { saveFile } from '../../framework/files.js';
import { configOf } from '../../framework/school-config.js';
import { inTransaction } from '../../framework/service.js';
import { items, type Values } from '../../framework/items.js';
import { cardPlan, gradedAreas } from '../../../shared/report-card.js';
import { classAndYear, classCards, className, entriesOf, recordedAttendance, setupOf, type Chosen } from './report-card-data.js';
import { renderCards } from './report-card-pdf.js';
import type { ReportCard } from '../../../generated/entities/marks.js';
import { approvalOf, classStudents, isApproved } from './sheet.js';
import { STUDENT_YEAR_STATUS } from '../../../generated/enums/students.js';
import { APPROVAL_STATUS } from '../../../generated/enums/marks.js';

/** The class and year named by a call, or its declared 404. */
async function mustExist(ctx: CallCtx, classId: number, yearId: number) {
  const { klass, year } = await classAndYear(ctx, classId, yearId);
  if (!klass) throw ctx.fail('noClass', 404);
  if (!year) throw ctx.fail('noYear', 404);
  return { klass, year };
}


const planOf = (ctx: CallCtx) => cardPlan(configOf(ctx).config?.academics);

/** Renders cards and keeps the PDF in the file store, answering where to download it. */
async function storePdf(ctx: CallCtx, classId: number, yearId: number, name: string, onlyStudent?: number) {
  const cards = await classCards(ctx, classId, yearId, onlyStudent);
  const { bytes, pages } = await renderCards(cards, name.replace(/\.pdf$/, '').replace(/-/g, ' '));
  const saved = await saveFile(ctx, { name, contentType: 'application/pdf', bytes, kind: 'report-card' });
  return { path: saved.path, name, pages, cards };
}

const fileWord = (s: string) => s.replace(/[^A-Za-z0-9]+/g, '-').replace(/^-|-$/g, '');

export default defineHandlers('report-cards', {
  async sheet(ctx, { params }) {
    const { klass, year } = await mustExist(ctx, params.class_id, params.ac_year_id);
    const plan = planOf(ctx);
    const [setup, roster, tests, approved, attendance] = await Promise.all([
      setupOf(ctx, klass.id, year.id),
      classStudents(ctx, klass.id, year.id),
      // The year's tests that examine this class.
      ctx.db.selectFrom('test as t').select(['t.id', 't.name', 't.start_date'])
        .where('t.ac_year', '=', year.id)
        .where((eb) => eb.exists(eb.selectFrom('class_test as ts').select('ts.id').whereRef('ts.test_id', '=', 't.id').where('ts.class_id', '=', klass.id)))
        .orderBy('t.start_date').orderBy('t.id').execute(),
      ctx.db.selectFrom('marks_approval').select('test_id').where('class_id', '=', klass.id).where('status', '=', APPROVAL_STATUS.APPROVED).execute(),
      recordedAttendance(ctx, klass.id, year.id),
    ]);
    const entries = await entriesOf(ctx, roster.map((s) => s.student_id), year.id);
    return {
      class: { id: klass.id, name: className(klass), class_teacher: klass.class_teacher }, year: { id: year.id, name: year.name },
      plan, tests: tests.map((t) => ({ id: t.id, name: t.name })), approved: approved.map((a) => a.test_id),
      components: setup.components, published: setup.published, published_at: setup.published_at,
      attendance: attendance ? 'recorded' as const : 'entered' as const,
      students: roster.map((st) => {
        const e = entries.get(st.student_id);
        return {
          student_id: st.student_id, fullname: st.fullname, admission_no: st.admission_no, roll_no: st.roll_no,
          co_scholastic: (e?.co_scholastic ?? {}) as Record<string, Record<string, string | null>>,
          days_present: e?.days_present ?? null, working_days: e?.working_days ?? null,
          recorded: attendance ? { present: attendance.present.get(st.student_id) ?? 0, working: attendance.working } : null,
          remarks: e?.remarks ?? null, result: (e?.result ?? null) as NonNullable<ReportCard['result']> | null, promoted_to_class_id: e?.promoted_to_class_id ?? null,
        };
      }),
    };
  },

  async setup(ctx, { body }) {
    const { klass, year } = await mustExist(ctx, body.class_id, body.ac_year_id);
    const plan = planOf(ctx);
    const chosen: Chosen = [];
    const seen = new Set<string>();
    for (const c of body.components) {
      if (!plan.terms.includes(c.term)) throw ctx.fail('term', 400, { term: c.term });
      if (!plan.components.some((p) => p.code === c.component)) throw ctx.fail('component', 400, { component: c.component });
      const key = `${c.term}\u0000${c.component}`;
      if (seen.has(key)) throw ctx.fail('twice', 400, { term: c.term, component: c.component });
      seen.add(key);
      if (c.test_id) chosen.push({ term: c.term, component: c.component, test_id: c.test_id });
    }
    const ids = [...new Set(chosen.map((c) => c.test_id))];
    const ofYear = ids.length ? await ctx.db.selectFrom('test').select('id').where('id', 'in', ids).where('ac_year', '=', year.id).execute() : [];
    const stray = ids.find((id) => !ofYear.some((t) => t.id === id));
    if (stray !== undefined) throw ctx.fail('test', 400, { test: stray });
    await inTransaction(ctx, async (tx) => {
      const setups = items(tx, 'report-card-setups');
      const [row] = await setups.updateWhere({ class_id: klass.id, ac_year_id: year.id }, { components: chosen }, { action: 'setup' });
      if (!row) await setups.create({ class_id: klass.id, ac_year_id: year.id, components: chosen, published: 0 }, { action: 'setup' });
    });
    return { components: chosen };
  },

  async save(ctx, { body }) {
    const { klass, year } = await mustExist(ctx, body.class_id, body.ac_year_id);
    const plan = planOf(ctx);
    const areas = gradedAreas(plan);
    const roster = new Set((await classStudents(ctx, klass.id, year.id)).map((s) => s.student_id));
    const promotedTo = [...new Set(body.students.map((s) => s.promoted_to_class_id).filter((x): x is number => typeof x === 'number'))];
    const classes = promotedTo.length ? await ctx.db.selectFrom('class').select('id').where('id', 'in', promotedTo).execute() : [];
    for (const s of body.students) {
      if (!roster.has(s.student_id)) throw ctx.fail('notInClass', 400, { id: s.student_id });
      for (const [term, grades] of Object.entries(s.co_scholastic ?? {})) {
        if (!plan.terms.includes(term)) throw ctx.fail('term', 400, { term });
        for (const [name, grade] of Object.entries(grades ?? {})) {
          const area = areas.find((a) => a.name === name);
          if (!area) throw ctx.fail('area', 400, { area: name });
          if (grade && !area.grades.includes(grade)) throw ctx.fail('grade', 400, { grade, area: name });
        }
      }
      if (s.days_present != null && s.working_days != null && s.days_present > s.working_days) throw ctx.fail('days');
      if (s.promoted_to_class_id != null && !classes.some((c) => c.id === s.promoted_to_class_id)) throw ctx.fail('promotedTo');
    }
    await inTransaction(ctx, async (tx) => {
      const cards = items(tx, 'report-cards');
      const ids = body.students.map((s) => s.student_id);
      const stored = new Map(ids.length ? (await tx.db.selectFrom('report_card').select(['id', 'student_id'])
        .where('student_id', 'in', ids).where('ac_year_id', '=', year.id).forUpdate().execute()).map((r) => [r.student_id, r.id]) : []);
      const fresh: Array<Values<ReportCard>> = [];
      for (const s of body.students) {
        // Only what the screen sends changes; a field left out keeps its value.
        const set: Values<ReportCard> = {
          ...('co_scholastic' in s ? { co_scholastic: (s.co_scholastic ?? {}) as ReportCard['co_scholastic'] } : {}),
          ...('days_present' in s ? { days_present: s.days_present ?? null } : {}),
          ...('working_days' in s ? { working_days: s.working_days ?? null } : {}),
          ...('remarks' in s ? { remarks: s.remarks?.trim() || null } : {}),
          ...('result' in s ? { result: s.result ?? null } : {}),
          ...('promoted_to_class_id' in s ? { promoted_to_class_id: s.promoted_to_class_id ?? null } : {}),
          class_id: klass.id, updated_by: ctx.user.id,
        };
        const id = stored.get(s.student_id);
        if (id !== undefined) await cards.update(id, set, { action: 'save' });
        else fresh.push({ ...set, student_id: s.student_id, ac_year_id: year.id });
      }
      await cards.createMany(fresh, { action: 'save' });
    });
    return { saved: body.students.length };
  },

  async publish(ctx, { body }) {
    const { klass, year } = await mustExist(ctx, body.class_id, body.ac_year_id);
    const setup = await setupOf(ctx, klass.id, year.id);
    if (!setup.id || !setup.components.length) throw ctx.fail('notSetUp');
    // Families see only marks an admin has approved.
    for (const testId of [...new Set(setup.components.map((c) => c.test_id))]) {
      if (!isApproved(await approvalOf(ctx, testId, klass.id))) {
        const test = await ctx.db.selectFrom('test').select('name').where('id', '=', testId).executeTakeFirst();
        throw ctx.fail('notApproved', 400, { test: test?.name ?? testId });
      }
    }
    const [row] = await items(ctx, 'report-card-setups').updateWhere({ id: setup.id, published: 0 },
      { published: 1, published_at: new Date().toISOString(), published_by: ctx.user.id }, { action: 'publish' });
    if (!row) throw ctx.fail('already', 409);
    return { published: true, published_at: row.published_at };
  },

  async unpublish(ctx, { body }) {
    const [row] = await items(ctx, 'report-card-setups').updateWhere({ class_id: body.class_id, ac_year_id: body.ac_year_id, published: 1 }, { published: 0 }, { action: 'unpublish' });
    if (!row) throw ctx.fail('notPublished', 409);
    return { published: false };
  },

  async pdf(ctx, { params, query }) {
    const { klass, year } = await mustExist(ctx, params.class_id, params.ac_year_id);
    const only = query.student_id ? Number(query.student_id) : undefined;
    const roster = await classStudents(ctx, klass.id, year.id);
    if (!roster.length) throw ctx.fail('noStudents', 404);
    const student = only === undefined ? undefined : roster.find((s) => s.student_id === only);
    if (only !== undefined && !student) throw ctx.fail('notInClass', 400, { id: only });
    const name = student
      ? `Report-Card-${fileWord(student.fullname)}-${fileWord(year.name)}.pdf`
      : `Report-Cards-${fileWord(className(klass))}-${fileWord(year.name)}.pdf`;
    const { path, pages } = await storePdf(ctx, klass.id, year.id, name, only);
    return { path, name, pages };
  },

  async published(ctx, { params }) {
    return ctx.db.selectFrom('student_year as sy')
      .innerJoin('report_card_setup as r', (j) => j.onRef('r.class_id', '=', 'sy.class_id').onRef('r.ac_year_id', '=', 'sy.ac_year_id'))
      .innerJoin('class as c', 'c.id', 'sy.class_id').innerJoin('ac_year as y', 'y.id', 'sy.ac_year_id')
      .select(['sy.ac_year_id', 'y.name as year', 'sy.class_id', sql<string>`c.class || coalesce(' - ' || nullif(c.section, ''), '')`.as('class'), 'r.published_at'])
      .where('sy.student_id', '=', params.student_id).where('sy.status', '<>', STUDENT_YEAR_STATUS.SHUFFLED).where('r.published', '=', 1)
      .orderBy('sy.ac_year_id', 'desc').execute();
  },

  async download(ctx, { params }) {
    const card = await ctx.db.selectFrom('student_year as sy')
      .innerJoin('report_card_setup as r', (j) => j.onRef('r.class_id', '=', 'sy.class_id').onRef('r.ac_year_id', '=', 'sy.ac_year_id'))
      .innerJoin('student as s', 's.id', 'sy.student_id').innerJoin('ac_year as y', 'y.id', 'sy.ac_year_id')
      .select(['sy.class_id', 's.fullname', 'y.name as year'])
      .where('sy.student_id', '=', params.student_id).where('sy.ac_year_id', '=', params.ac_year_id).where('sy.status', '<>', STUDENT_YEAR_STATUS.SHUFFLED).where('r.published', '=', 1)
      .executeTakeFirst();
    if (!card) throw ctx.fail('notPublished', 404);
    const name = `Report-Card-${fileWord(card.fullname)}-${fileWord(card.year)}.pdf`;
    const { path, pages } = await storePdf(ctx, card.class_id, params.ac_year_id, name, params.student_id);
    return { path, name, pages };
  },
});
