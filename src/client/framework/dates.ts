/**
 * How every screen shows dates and times, in tables and inputs alike: DD-MM-YYYY and a 12-hour
 * clock. The API keeps YYYY-MM-DD dates and UTC timestamps; inputs also take a typed YYYY-MM-DD.
 */
import { keepEnterInPicker } from './form/keys.js';

export const DATE_FORMAT = 'DD-MM-YYYY';
/** A calendar day on the wire (query strings, payloads). */
export const WIRE_DATE = 'YYYY-MM-DD';
export const DATE_TIME_FORMAT = 'DD-MM-YYYY hh:mm A';
export const TIME_FORMAT = 'hh:mm A';

/** Props of an antd DatePicker for a calendar day. */
export const datePickerProps = {
  format: [DATE_FORMAT, WIRE_DATE],
  placeholder: DATE_FORMAT,
  onKeyDown: keepEnterInPicker,
};

/** Props of an antd DatePicker for a day and a time stepping by `minuteStep` minutes. */
export const dateTimePickerProps = (minuteStep = 1) => ({
  showTime: { minuteStep: minuteStep as 1, format: TIME_FORMAT, use12Hours: true },
  format: [DATE_TIME_FORMAT, `${WIRE_DATE} HH:mm`],
  placeholder: 'Select date and time',
  onKeyDown: keepEnterInPicker,
});
