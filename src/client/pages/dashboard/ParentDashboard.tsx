import { ParentStudentPicker } from '../ParentStudentPicker.js';
import { StudentCard } from '../StudentCard.js';
import ParentAnnouncements from '../announcements/ParentAnnouncements.js';

/** Role 1 home: a selector of the parent's students, the chosen student's details, and the school's announcements. */
export default function ParentDashboard() {
  return (
    <ParentStudentPicker selectId="student-selector" title="Dashboard">
      {(student) => (
        <>
          <StudentCard student={student} />
          <ParentAnnouncements />
        </>
      )}
    </ParentStudentPicker>
  );
}
