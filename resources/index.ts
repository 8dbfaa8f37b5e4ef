import type { ResourceDef } from '../src/shared/resource.js';
import branch from './academics/branch.js';
import klass from './academics/class.js';
import subject from './academics/subject.js';
import acyear from './academics/acyear.js';
import test from './academics/test.js';
import testSubject from './academics/test-subject.js';
import teacher from './teachers/teacher.js';
import student from './students/student.js';
import studentYear from './students/student-year.js';
import studentContact from './students/student-contact.js';
import pocketMoney from './students/pocket-money.js';
import message from './students/message.js';
import attendance from './students/attendance.js';
import feeItem from './fees/fee-item.js';
import feePayment from './fees/fee-payment.js';
import feePaymentDetail from './fees/fee-payment-detail.js';
import feeInstallment from './fees/fee-installment.js';
import feeOrder from './fees/fee-order.js';
import createdFee from './fees/created-fee.js';

export { MODULES } from './modules.js';

/** The registry of every declared resource. */
export const RESOURCES: ResourceDef[] = [branch, klass, subject, acyear, test, testSubject, teacher, student, studentYear, studentContact, pocketMoney, message, attendance,
  feeItem, feePayment, feePaymentDetail, feeInstallment, feeOrder, createdFee];

export const resourceByName = (name: string): ResourceDef => {
  const r = RESOURCES.find((x) => x.name === name);
  if (!r) throw new Error(`Unknown resource ${name}`);
  return r;
};
