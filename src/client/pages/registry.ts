/**
 * Hand-written screens by the component id their resource declaration names (`pages`).
 * Each loads in its own chunk, again on Retry when it failed to.
 */
import type { ComponentType } from 'react';
import { lazy } from '../app/screen/lazy.js';
import type { ResourceDef } from '../../../src/shared/resource.js';

export interface PageProps { resource: ResourceDef }

/** Props of a row component: the list's resource and the row it sits in. */
export interface RowComponentProps { resource: ResourceDef; row: Record<string, any> }

export const PAGES: Record<string, ComponentType<PageProps>> = {
  TestDetailsAdd: lazy(() => import('./academics/TestDetailsAdd.js')),
  StudentList: lazy(() => import('./students/StudentList.js')),
  StudentAdd: lazy(() => import('./students/StudentAdd.js')),
  StudentEdit: lazy(() => import('./students/StudentEdit.js')),
  StudentDetails: lazy(() => import('./students/StudentDetails.js')),
  StudentLinkUser: lazy(() => import('./students/StudentLinkUser.js')),
  PocketMoney: lazy(() => import('./students/PocketMoney.js')),
  PromoteStudents: lazy(() => import('./academics/PromoteStudents.js')),
  MultiClassReport: lazy(() => import('./reports/MultiClassReport.js')),
  AppUsersReport: lazy(() => import('./reports/AppUsersReport.js')),
  SmsLog: lazy(() => import('./reports/SmsLog.js')),
  DataExport: lazy(() => import('./reports/DataExport.js')),
  FeeItemsReport: lazy(() => import('./fees/FeeItemsReport.js')),
  FeeBilling: lazy(() => import('./fees/FeeBilling.js')),
  FeeRecords: lazy(() => import('./fees/FeeRecords.js')),
  FeeReceipt: lazy(() => import('./fees/FeeReceipt.js')),
  FeeRefund: lazy(() => import('./fees/FeeRefund.js')),
  FeeInstallment: lazy(() => import('./fees/FeeInstallment.js')),
  TestGateway: lazy(() => import('./fees/TestGateway.js')),
  FeeReports: lazy(() => import('./fees/FeeReports.js')),
  InstallmentsReport: lazy(() => import('./fees/InstallmentsReport.js')),
  FeeItemStudents: lazy(() => import('./fees/FeeItemStudents.js')),
  MultiClassFees: lazy(() => import('./fees/MultiClassFees.js')),
  CreatedFeeStudents: lazy(() => import('./fees/CreatedFeeStudents.js')),
};

/** Hand-written pieces of a generated list's Actions cell, by the id a declaration names (`list.rowComponents`). */
export const ROW_COMPONENTS: Record<string, ComponentType<RowComponentProps>> = {
  ImportStudents: lazy(() => import('./academics/ImportStudents.js')),
};
