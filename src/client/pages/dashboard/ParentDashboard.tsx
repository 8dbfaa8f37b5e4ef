import { ParentStudentPicker } from '../ParentStudentPicker.js';
import { StudentCard } from '../StudentCard.js';

/** Role 1 home: a selector of the parent's students and the chosen student's details. */
export default function ParentDashboard() {
  return (
    <ParentStudentPicker selectId="student-selector" title="Dashboard">
      {(student) => <StudentCard student={student} />}
    </ParentStudentPicker>
  );
}
