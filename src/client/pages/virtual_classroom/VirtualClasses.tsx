/**
 * /virtual-classroom/ (spec 4 §2.2): staff see the school's live classes, newest first, by
 * class, with their room, questions and attendance; a parent or student picks one of their
 * children and sees that child's classes, joins one from five minutes before its start, and
 * watches a recording once it is open to students.
 */
import { Suspense } from 'react';
import { Spin } from 'antd';
import { hasRole } from '../../../shared/roles.js';
import { useSession } from '../../app/SessionContext.js';
import type { PageProps } from '../registry.js';
import { lazy } from '../../app/screen/lazy.js';

const StaffList = lazy(() => import('./StaffClassList.js'));
const FamilyList = lazy(() => import('./FamilyClassList.js'));

export default function VirtualClasses(props: PageProps) {
  const { user } = useSession();
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
      {hasRole(user, 'family') ? <FamilyList /> : <StaffList {...props} />}
    </Suspense>
  );
}
