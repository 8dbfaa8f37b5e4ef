import { defineHandlers, type CallCtx } from '../../framework/calls.js';
import { saveCsvExport } from '../../framework/files.js';
import { assertClass, assertYear } from '../../framework/lookups.js';
import { pageOf } from '../../framework/paging.js';
import { exportFees } from './export.js';
import { dateRange, givenId, type DateRange } from '../../platform/query-text.js';
import {
  cardsFrom, cardsQuery, classFeeListQuery, feeItemsQuery, installmentRowsQuery, installmentTotalQuery, itemStudentsQuery,
} from './reports.js';
import { getFeeSettings } from './settings.js';

/** Fee reports, the export of a year's bills and the fee settings (spec 2 §2, §3, §7; spec 3): fee staff only. */

/** A text filter (a bill or item name); empty is none. */
const text = (v: string | undefined) => v?.trim() || undefined;

/** A class or year named in a query: it must exist (the payload is wrong otherwise, 400). */
async function named(ctx: CallCtx, classId: number | undefined, yearId: number | undefined) {
  if (classId !== undefined) await assertClass(ctx, classId, { inPayload: true });
  if (yearId !== undefined) await assertYear(ctx, yearId, { inPayload: true });
}

export default defineHandlers('fee-payments', {
  async classReport(ctx, { params, query: q }) {
    const { class_id: classId, ac_year_id: yearId } = params;
    const itemId = givenId(q.item_id);
    const itemName = text(q.item_name);
    if (q.type === 'card' && (itemId !== undefined || itemName !== undefined)) throw ctx.fail('cardItem');
    if (itemId !== undefined && itemName !== undefined) throw ctx.fail('both');
    await assertClass(ctx, classId);
    await assertYear(ctx, yearId);
    if (q.type === 'card') return cardsFrom(await cardsQuery(ctx.db, classId, yearId).execute());
    if (itemId !== undefined) return itemStudentsQuery(ctx.db, classId, yearId, { id: itemId }).execute();
    if (itemName !== undefined) return itemStudentsQuery(ctx.db, classId, yearId, { name: itemName }).execute();
    return feeItemsQuery(ctx.db, { classId, yearId }).execute();
  },

  async classList(ctx, { params, query: q }) {
    const range = dateRange(q);
    await assertClass(ctx, params.class_id);
    await assertYear(ctx, params.ac_year_id);
    return classFeeListQuery(ctx.db, params.class_id, params.ac_year_id, { feeName: text(q.fee_name), range }).execute();
  },

  async itemsReport(ctx, { query: q }) {
    const classId = givenId(q.class_id);
    const yearId = givenId(q.ac_year_id);
    const range = dateRange(q);
    await named(ctx, classId, yearId);
    return feeItemsQuery(ctx.db, { classId, yearId, range }).execute();
  },

  async installmentsReport(ctx, { query: q }) {
    const range = dateRange(q);
    if (!range.start || !range.end) throw ctx.fail('dates');
    const yearId = givenId(q.ac_year_id);
    const classId = givenId(q.class_id);
    await named(ctx, classId, yearId);
    const f = { yearId, classId };
    const paging = q.page !== undefined || q.page_size !== undefined ? { page: Number(q.page ?? '1'), size: Number(q.page_size ?? '50') } : null;
    let rowsQuery = installmentRowsQuery(ctx.db, range as Required<DateRange>, f);
    if (paging) rowsQuery = pageOf(rowsQuery, paging);
    const [rows, sums] = await Promise.all([rowsQuery.execute(), installmentTotalQuery(ctx.db, range as Required<DateRange>, f).executeTakeFirstOrThrow()]);
    const out = { rows, total: sums.total, count: sums.count };
    return paging ? ctx.paged(out, sums.count) : out;
  },

  async export(ctx, { query: q }) {
    const { name, csv, count } = await exportFees(ctx, givenId(q.class_id), givenId(q.ac_year_id));
    const saved = await saveCsvExport(ctx, name, csv);
    return { path: saved.path, name, count };
  },

  async settings(ctx) {
    return getFeeSettings(ctx.db);
  },
});
