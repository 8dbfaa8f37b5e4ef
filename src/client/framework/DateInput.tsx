/**
 * The one date input of every screen: antd's DatePicker showing DD-MM-YYYY (and the time, given
 * a minute step), which also takes what is typed. antd commits typed text only on Enter or on a
 * blur it gets to finish, so a dialog's OK clicked straight after typing saved the old date. Here
 * the text is read as it is typed: a date it reads is the value at once; text it cannot read
 * becomes a value the form refuses with the reason (`validDate`), so the old date is never saved
 * under a typed one, and the text stays on screen to correct.
 */
import { useRef, useState, type FormEvent } from 'react';
import { DatePicker, Form, type DatePickerProps, type FormItemProps } from 'antd';
import type { RangePickerProps } from 'antd/es/date-picker/index.js';
import type { Rule } from 'antd/es/form/index.js';
import dayjs, { type Dayjs } from 'dayjs';
import { DATE_INPUTS, datePickerProps, dateTimePickerProps, DATE_PROBLEMS, readTypedDate, WIRE_DATE } from './dates.js';

/** The reason each stand-in for unreadable text carries (a Dayjs that is not a date). */
const problems = new WeakMap<Dayjs, { problem: string; text: string }>();
const unreadable = (problem: string, text: string) => {
  const d = dayjs(NaN);
  problems.set(d, { problem, text });
  return d;
};

/** Why a value is not a date (typed text that did not read), or null. */
export function dateProblem(v: unknown): string | null {
  if (Array.isArray(v)) return v.map(dateProblem).find((p) => p !== null) ?? null;
  if (!dayjs.isDayjs(v) || v.isValid()) return null;
  return problems.get(v)?.problem ?? DATE_PROBLEMS.unreadable('DD-MM-YYYY');
}

/** The text typed for a value that is not a date ('' for any other value). */
export const typedText = (v: unknown): string => (dayjs.isDayjs(v) ? problems.get(v)?.text ?? '' : '');

/** The form rule refusing typed text that is not a date, with the reason. */
export const validDate: Rule = {
  validator: async (_rule, v) => {
    const problem = dateProblem(v);
    if (problem) throw new Error(problem);
  },
};

export interface DateInputProps extends Omit<DatePickerProps, 'value' | 'onChange' | 'onOk' | 'format' | 'showTime' | 'picker' | 'placeholder' | 'minuteStep'> {
  value?: Dayjs | null;
  /** A date, null when emptied, or (in a form, see `validDate`) a stand-in for text that is not a date. */
  onChange?: (d: Dayjs | null) => void;
  /** A day and a time stepping by this many minutes, instead of a calendar day. */
  timeStep?: number;
  /**
   * Not a form field with rules (a date that picks what a screen shows): the reason shows under
   * the input, and text that is not a date leaves the value as it was.
   */
  standalone?: boolean;
}

export function DateInput({ value, onChange, timeStep, standalone, disabledDate, status, style, ...rest }: DateInputProps) {
  const base = timeStep ? dateTimePickerProps(timeStep) : datePickerProps;
  const [problem, setProblem] = useState<string | null>(null);
  // The picker keeps showing its last date under unreadable text, so it keeps the typed text too.
  const shown = useRef<Dayjs | null>(null);
  if (!value || value.isValid()) shown.current = value ?? null;
  // Read after the picker has taken the keystroke (a React handler on the way up, not a native
  // listener, whose re-render would put the picker's old text back before it saw the new).
  const onInput = (e: FormEvent<HTMLSpanElement>) => {
    if (!(e.target instanceof HTMLInputElement)) return;
    const text = e.target.value;
    const read = readTypedDate(text, base.format, (d) => !disabledDate?.(d, { type: 'date' }));
    setProblem(read.problem);
    if (read.problem === null) onChange?.(read.date);
    else if (!standalone) onChange?.(unreadable(read.problem, text));
  };

  const invalid = problem !== null || dateProblem(value) !== null;
  const input = (
    <DatePicker
      {...base}
      {...rest}
      value={shown.current}
      disabledDate={disabledDate}
      preserveInvalidOnBlur
      status={invalid ? 'error' : status}
      style={{ width: '100%', ...style }}
      onChange={(d: Dayjs | null) => { setProblem(null); onChange?.(d); }}
    />
  );
  const shownProblem = standalone && problem;
  return (
    <span onInput={onInput} style={shownProblem ? { display: 'inline-flex', flexDirection: 'column', width: style?.width ?? '100%' } : { display: 'contents' }}>
      {input}
      {shownProblem && <span role="alert" className="ant-form-item-explain-error">{problem}</span>}
    </span>
  );
}

/**
 * A form item holding a date: DateInput with the form's rules and `validDate`. With `wire`, the
 * form's value is the API's YYYY-MM-DD text rather than a Dayjs.
 */
export function DateItem({ picker, rules, wire, ...item }: FormItemProps & { picker?: DateInputProps; wire?: boolean }) {
  const asText = wire
    ? {
      getValueProps: (v: unknown) => ({ value: typeof v === 'string' && v ? dayjs(v, WIRE_DATE) : dayjs.isDayjs(v) ? v : null }),
      normalize: (d: Dayjs | null) => (!d ? undefined : d.isValid() ? d.format(WIRE_DATE) : d),
    }
    : {};
  return (
    <Form.Item {...asText} {...item} rules={[...(rules ?? []), validDate]}>
      <DateInput {...picker} />
    </Form.Item>
  );
}

type Range = [Dayjs | null, Dayjs | null];

export interface DateRangeInputProps extends Omit<RangePickerProps, 'value' | 'onChange' | 'format' | 'showTime' | 'picker'> {
  value?: Range | null;
  /** Both days as they stand (a side emptied is null); in a form, a side typed as text that is not a date is refused by `validDate`. */
  onChange?: (r: Range | null) => void;
  /** As DateInput's: the reason shows under the input and the range stays as it was. */
  standalone?: boolean;
}

/** DateInput's rule for a start and end day: each side takes what is typed into it. */
export function DateRangeInput({ value, onChange, standalone, status, ...rest }: DateRangeInputProps) {
  const [problem, setProblem] = useState<string | null>(null);
  const shown = useRef<Range>([null, null]);
  shown.current = [0, 1].map((i) => {
    const d = value?.[i] ?? null;
    return !d || d.isValid() ? d : shown.current[i]!;
  }) as Range;
  const onInput = (e: FormEvent<HTMLSpanElement>) => {
    const side = Array.from(e.currentTarget.querySelectorAll('input')).indexOf(e.target as HTMLInputElement);
    if (side < 0) return;
    const text = (e.target as HTMLInputElement).value;
    const read = readTypedDate(text, DATE_INPUTS, (d) => !rest.disabledDate?.(d, { type: 'date' }));
    setProblem(read.problem);
    if (read.problem !== null && standalone) return;
    const next: Range = [value?.[0] ?? null, value?.[1] ?? null];
    next[side] = read.problem === null ? read.date : unreadable(read.problem, text);
    onChange?.(next);
  };
  const invalid = problem !== null || dateProblem(value) !== null;
  const shownProblem = standalone && problem;
  return (
    <span onInput={onInput} style={shownProblem ? { display: 'inline-flex', flexDirection: 'column' } : { display: 'contents' }}>
      <DatePicker.RangePicker
        format={DATE_INPUTS}
        {...rest}
        value={shown.current}
        preserveInvalidOnBlur
        status={invalid ? 'error' : status}
        onChange={(r) => { setProblem(null); onChange?.(r ? [r[0] ?? null, r[1] ?? null] : null); }}
      />
      {shownProblem && <span role="alert" className="ant-form-item-explain-error">{problem}</span>}
    </span>
  );
}
