/**
 * The attendance screens' choice of a class, an academic year and a day, with a Go button. What
 * Go confirms goes into the address, so a reload, the list's link to the update screen and a
 * shared link all open the same class and day. The day is checked against the school's
 * calendar (config `calendar`) and the clock, in the words the server would refuse it in.
 */
import { useEffect, useMemo, useState } from 'react';
import { useSearchParams } from 'react-router';
import dayjs, { type Dayjs } from 'dayjs';
import { App, Button, Form, Select } from 'antd';
import { optionLabel } from '../../framework/labels.js';
import { WIRE_DATE } from '../../framework/dates.js';
import { schoolConfigNow } from '../../app/schoolConfig.js';
import { dayOff } from '../../../shared/calendar.js';
import { useClassesAndYears } from '../useClassesAndYears.js';
import { PICKER } from '../../framework/pickers.js';
import { DateInput } from '../../framework/DateInput.js';
import { ACYEAR_STATUS } from '../../../generated/enums/academics.js';

export interface Picks { class_id?: number; year?: number; date?: string }

const num = (v: string | null) => (v && /^\d+$/.test(v) ? Number(v) : undefined);
const day = (v: string | null) => (v && /^\d{4}-\d{2}-\d{2}$/.test(v) ? v : undefined);

/** The class, year and day Go last confirmed (from the address), and how to confirm new ones. */
export function useConfirmedPicks(): [Picks, (p: Picks) => void] {
  const [search, setSearch] = useSearchParams();
  const picks: Picks = { class_id: num(search.get('class_id')), year: num(search.get('year')), date: day(search.get('date')) };
  const confirm = (p: Picks) => {
    const q = new URLSearchParams();
    for (const k of ['class_id', 'year', 'date'] as const) if (p[k] !== undefined) q.set(k, String(p[k]));
    setSearch(q, { replace: true });
  };
  return [picks, confirm];
}

/** Why no attendance is taken on a day (a holiday, the weekly off, a day to come), as the server says it; null on a school day. */
export function dayNotTaken(date: string): string | null {
  const shown = date.split('-').reverse().join('-');
  if (date > dayjs().format(WIRE_DATE)) return 'Attendance cannot be taken for a day still to come';
  const off = dayOff(schoolConfigNow()?.calendar, date);
  return off ? `${shown} is ${off.reason}: no attendance is taken` : null;
}

/** The pickers and Go; `incomplete` is the spec's message when something is missing. */
export function AttendancePicks({ picks, onGo, incomplete, idPrefix }: { picks: Picks; onGo: (p: Picks) => void; incomplete: string; idPrefix: string }) {
  const { message } = App.useApp();
  const { classes, years, classesLoading, yearsLoading } = useClassesAndYears();
  const [draft, setDraft] = useState<Picks>(picks);
  useEffect(() => { setDraft(picks); }, [picks.class_id, picks.year, picks.date]); // eslint-disable-line react-hooks/exhaustive-deps
  // The enabled academic year and today, until the person picks others.
  useEffect(() => {
    if (draft.year !== undefined || !years.length) return;
    const enabled = years.find((y) => Number(y.status) === ACYEAR_STATUS.ENABLED);
    if (enabled) setDraft((d) => ({ ...d, year: enabled.id }));
  }, [years, draft.year]);
  useEffect(() => { if (!draft.date) setDraft((d) => ({ ...d, date: dayjs().format(WIRE_DATE) })); }, [draft.date]);
  const classOptions = useMemo(() => classes.map((c) => ({ value: c.id, label: optionLabel(c, 'class-section') })), [classes]);
  const select = { ...PICKER, style: { minWidth: 160 } } as const;
  const go = () => {
    if (draft.class_id === undefined || draft.year === undefined || !draft.date) { void message.warning(incomplete); return; }
    onGo(draft);
  };
  return (
    <Form layout="inline" style={{ rowGap: 8 }} onFinish={go}>
      <Form.Item label="Class" htmlFor={`${idPrefix}-class`} required>
        <Select id={`${idPrefix}-class`} {...select} placeholder="Please select class" loading={classesLoading} options={classOptions}
          value={draft.class_id ?? null} onChange={(v: number) => setDraft((d) => ({ ...d, class_id: v }))} />
      </Form.Item>
      <Form.Item label="Academic Year" htmlFor={`${idPrefix}-year`} required>
        <Select id={`${idPrefix}-year`} {...select} placeholder="Please select academic year" loading={yearsLoading}
          options={years.map((y) => ({ value: y.id, label: y.name }))} value={draft.year ?? null} onChange={(v: number) => setDraft((d) => ({ ...d, year: v }))} />
      </Form.Item>
      <Form.Item label="Date" htmlFor={`${idPrefix}-date`} required>
        <DateInput id={`${idPrefix}-date`} standalone allowClear={false} style={{ width: 'auto' }}
          value={draft.date ? dayjs(draft.date, WIRE_DATE) : null}
          disabledDate={(d: Dayjs) => d.isAfter(dayjs(), 'day')}
          cellRender={(current, info) => {
            if (info.type !== 'date' || typeof current === 'number' || typeof current === 'string') return info.originNode;
            const off = dayOff(schoolConfigNow()?.calendar, current.format(WIRE_DATE));
            return off ? <div className="ant-picker-cell-inner" title={off.name} style={{ color: '#cf1322' }}>{current.date()}</div> : info.originNode;
          }}
          onChange={(d: Dayjs | null) => setDraft((x) => ({ ...x, date: d ? d.format(WIRE_DATE) : undefined }))} />
      </Form.Item>
      <Form.Item>
        <Button type="primary" htmlType="submit">Go</Button>
      </Form.Item>
    </Form>
  );
}
