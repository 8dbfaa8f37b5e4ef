/**
 * /simple-test/ (spec 4 §2.5): staff see a class's tests of an academic year; a parent or
 * student sees the tests of the chosen child. One address, each role its own view.
 */
import { Suspense } from 'react';
import { Spin } from 'antd';
import { hasRole } from '../../../shared/roles.js';
import { useSession } from '../../app/SessionContext.js';
import type { PageProps } from '../registry.js';
import { lazy } from '../../app/screen/lazy.js';

const StaffList = lazy(() => import('./StaffTestList.js'));
const FamilyList = lazy(() => import('./FamilyTestList.js'));

export default function SimpleTests(props: PageProps) {
  const { user } = useSession();
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
      {hasRole(user, 'family') ? <FamilyList /> : <StaffList {...props} />}
    </Suspense>
  );
}
