import schema from '../../schemas/marks/report-card-setup.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * A class's report cards of a year: the tests feeding each component of each term, and whether
 * families may see the cards. Written only by the report card calls (resources/marks/report-card.ts).
 */
export default defineResource({
  name: 'report-card-setups', module: 'marks', schema, table: 'report_card_setup',
  label: 'Report Card Setups', singular: 'Report Card Setup', icon: 'SettingOutlined',
  api: {},
  relations: {
    class: { from: 'class_id', resource: 'classes', field: 'class', cascade: true },
    year: { from: 'ac_year_id', resource: 'acyears', field: 'name', cascade: true },
  },
  unique: [{ fields: ['class_id', 'ac_year_id'], message: 'This class already has a report card setup for the year' }],
  scope: { teacher: { teacher_led_class: 'class_id' } },
  access: { read: ['staff'] },
  messages: {},
});
