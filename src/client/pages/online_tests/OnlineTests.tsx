/**
 * `/online-test/` (spec 4 §2.3): for staff the tests, with New Test for roles 3 and 4; for a
 * parent or student the tests of the chosen child's class, on a phone first.
 */
import type { PageProps } from '../registry.js';
import { useSession } from '../../app/SessionContext.js';
import { hasRole } from '../../../shared/roles.js';
import { StaffTests } from './StaffTests.js';
import { FamilyTests } from './FamilyTests.js';

export default function OnlineTests({ resource }: PageProps) {
  const { user } = useSession();
  return hasRole(user, 'family') ? <FamilyTests /> : <StaffTests resource={resource} />;
}
