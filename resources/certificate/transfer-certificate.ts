import schema from '../../schemas/certificate/transfer-certificate.json' with { type: 'json' };
import issue from '../../schemas/certificate/calls/issue.json' with { type: 'json' };
import { defineResource } from '../../src/shared/resource.js';

const NOT_ISSUED = 'The transfer certificate has not been issued yet';

/**
 * Transfer certificates (spec 3 Messages and SMS: /certificate/transfer, which the spec leaves a
 * stub): an admin finds a student by admission number, issues the certificate from the student's
 * record with a serial number of the school (TC/<year>/<nnnn>, sequential, given once under a
 * lock), which marks the student TC as the students list's delete-with-reason does; printing or
 * downloading it again shows the same serial. Only admins issue and read them.
 */
export default defineResource({
  name: 'transfer-certificates', module: 'certificate', schema, table: 'transfer_certificate',
  label: 'Transfer Certificates', singular: 'Transfer Certificate', icon: 'SafetyCertificateOutlined',
  api: {},
  relations: {
    fullname: { from: 'student_id', resource: 'students', field: 'fullname' },
  },
  unique: [
    { fields: ['student_id'], message: 'This student already has a transfer certificate' },
    { fields: ['serial'], message: 'This serial number is already used' },
  ],
  access: { read: ['admins'], create: ['admins'] },
  messages: {},
  calls: {
    find: {
      call: 'GET /certificate/transfer/search/{admission_no}/', permission: 'read', text: ['admission_no'],
      errors: { missing: 'No student has admission number {admission_no}' },
    },
    one: { call: 'GET /certificate/transfer/{student_id}/', permission: 'read', scope: { student_id: 'students' } },
    issue: {
      call: 'PUT /certificate/transfer/', permission: 'create', payload: issue, scope: { student_id: 'students' },
      message: { issued: 'Transfer Certificate Issued', already: 'Transfer Certificate already issued' },
      errors: { beforeAdmission: 'The date of leaving cannot be before the admission date' },
    },
    pdf: {
      call: 'GET /certificate/transfer/{student_id}/pdf/', permission: 'read', scope: { student_id: 'students' },
      message: 'Transfer certificate ready', errors: { notIssued: NOT_ISSUED },
    },
  },
  pages: {
    find: {
      route: '/certificate/transfer', component: 'TransferCertificateFind', permission: 'read', menu: 'Transfer Certificate',
      calls: ['transfer-certificates.find'],
    },
    certificate: {
      route: '/certificate/transfer/:id', component: 'TransferCertificate', permission: 'read',
      calls: ['transfer-certificates.one', 'school.about'],
      buttons: { issue: 'transfer-certificates.issue', pdf: 'transfer-certificates.pdf' },
    },
  },
});
