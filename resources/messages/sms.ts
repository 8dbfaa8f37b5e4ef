import send from '../../schemas/messages/calls/sms-send.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

/**
 * Text messages to a group (spec 3 /messages/sms): every family, a class's families, the teachers
 * or all staff, in one of the school's DLT templates (config sms.templates), each mobile once.
 * Sent through the school's SMS provider, so each lands in the SMS log.
 */
export default defineResource({
  name: 'sms', module: 'messages', schema: { type: 'object', properties: {} },
  label: 'Send SMS', singular: 'SMS', icon: 'MessageOutlined',
  api: {},
  access: { read: ['admins'], create: ['admins'] },
  messages: {},
  calls: {
    templates: { call: 'GET /sms/templates/', permission: 'read' },
    send: {
      call: 'PUT /sms/send/', permission: 'create', payload: send, message: 'SMS Sent',
      errors: {
        off: 'SMS is switched off in the SMS settings',
        classRequired: 'Class is required',
        template: 'Template ID {template_id} is not one of the school\'s SMS templates',
        nobody: 'Nobody in this group has a mobile number',
        balance: 'Not enough SMS balance: {needed} texts to send, {balance} left',
      },
    },
  },
  pages: {
    send: {
      route: '/messages/sms', component: 'SendSms', permission: 'create', menu: 'Send SMS',
      calls: ['sms.templates', 'school.smsSettings'], reads: ['classes'], buttons: { send: 'sms.send' },
    },
  },
});
