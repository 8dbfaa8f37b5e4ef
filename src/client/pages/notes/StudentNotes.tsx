/**
 * A parent's (or student's) notes (spec 4 §2.8): pick one of their children, then the notes of
 * that child's class, each with a Download button. Made for a phone first.
 */
import { Alert } from 'antd';
import type { PageProps } from '../registry.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { ParentStudentPicker } from '../ParentStudentPicker.js';
import { NoteCards } from './NoteCards.js';

export default function StudentNotes(_props: PageProps) {
  return (
    <ParentStudentPicker selectId="notes-student" size="small" title="Notes">
      {(student) => (student.class_id
        ? <ClassNotes key={student.id} classId={student.class_id} />
        : <Alert type="info" showIcon message="This student is not in a class." />)}
    </ParentStudentPicker>
  );
}

function ClassNotes({ classId }: { classId: number }) {
  const { result, query } = useDeclaredQuery('notes.list', { params: { class_id: classId } });
  return <NoteCards notes={query.isSuccess ? result?.data ?? [] : []} loading={query.isLoading} failed={query.isError} />;
}
