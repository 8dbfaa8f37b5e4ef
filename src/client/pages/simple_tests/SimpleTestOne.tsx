/**
 * /simple-test/{id} (spec 4 §2.5): for staff the test and its solutions with Reply and the
 * removal of remarks; for a parent or student the test and the child's attempts with Start.
 */
import { Suspense } from 'react';
import { useParams } from 'react-router';
import { Alert, Spin } from 'antd';
import { hasRole } from '../../../shared/roles.js';
import { useSession } from '../../app/SessionContext.js';
import type { PageProps } from '../registry.js';
import { lazy } from '../../app/screen/lazy.js';

const StaffOne = lazy(() => import('./StaffTestOne.js'));
const FamilyOne = lazy(() => import('./FamilyTestOne.js'));

export default function SimpleTestOne(props: PageProps) {
  const { user } = useSession();
  const { id } = useParams();
  const testId = id && /^[1-9][0-9]{0,9}$/.test(id) ? Number(id) : null;
  if (!testId) return <Alert type="error" showIcon message="Invalid URL" />;
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
      {hasRole(user, 'family') ? <FamilyOne testId={testId} /> : <StaffOne {...props} testId={testId} />}
    </Suspense>
  );
}
