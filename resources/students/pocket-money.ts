import schema from '../../schemas/students/pocket-money.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/** Money a school keeps for a student: credits and debits; the balance never goes below zero. */
export default defineResource({
  name: 'pocket-money', module: 'students', schema, table: 'pocket_money',
  label: 'Pocket Money', singular: 'Transaction', icon: 'WalletOutlined',
  api: { list: 'GET /pocket-money/{student_id}/', create: 'PUT /pocket-money/' },
  relations: { student: { from: 'student_id', resource: 'students', field: 'fullname' } },
  list: {
    columns: ['id', 'details', { field: 'date', render: 'datetime', format: 'DD MMM, YYYY hh:mm A' }, 'amount', 'txn_type'],
    sort: 'date',
  },
  form: {
    uiSchema: {
      'ui:order': ['amount', 'txn_type', 'date', 'details', '*'],
      student_id: { 'ui:widget': 'hidden' },
      details: { 'ui:widget': 'textarea' },
    },
  },
  scope: { parent: { student: 'student_id' } },
  access: { read: ['family', 'staff'], create: ['admins'] },
  messages: { created: 'Transaction added!' },
});
