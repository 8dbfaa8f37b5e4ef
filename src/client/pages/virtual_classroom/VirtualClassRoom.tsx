/**
 * /virtual-classroom/{id} and /virtual-classroom/{id}/jitsi (spec 4 §2.2): the class's room.
 * Staff get the teacher's room (the class's teacher controls it; admins watch and manage the
 * recording); a parent or student gets the student's room for the chosen child. A school on
 * Jitsi (or a class of type jitsi where the school has a Jitsi server) gets the embedded room.
 */
import { Suspense } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { Spin } from 'antd';
import { hasRole } from '../../../shared/roles.js';
import { useSession } from '../../app/SessionContext.js';
import { lazy } from '../../app/screen/lazy.js';
import { readState } from '../../framework/readState.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import type { PageProps } from '../registry.js';

const TeacherRoom = lazy(() => import('./TeacherRoom.js'));
const StudentRoom = lazy(() => import('./StudentRoom.js'));
const JitsiRoom = lazy(() => import('./JitsiClassRoom.js'));

export default function VirtualClassRoom({ resource }: PageProps) {
  const { id } = useParams();
  const [search] = useSearchParams();
  const { user } = useSession();
  const { result, query } = useDeclaredQuery('virtual-classes.details', { params: { id: Number(id) } });
  const pending = readState(query, 'Could not load this class.', !!result?.data?.setup);
  if (pending) return pending;
  const details = result.data;
  const family = hasRole(user, 'family');
  const studentParam = Number(search.get('student')) || undefined;
  return (
    <Suspense fallback={<Spin style={{ display: 'block', margin: 48 }} />}>
      {details.setup.provider === 'jitsi'
        ? <JitsiRoom details={details} />
        : family
          ? <StudentRoom details={details} studentId={studentParam ?? details.children.find((c) => c.access)?.id} resource={resource} onChanged={() => void query.refetch()} />
          : <TeacherRoom details={details} resource={resource} onChanged={() => void query.refetch()} />}
    </Suspense>
  );
}
