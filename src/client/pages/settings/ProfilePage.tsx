import { Alert, Card, Descriptions, Space } from 'antd';
import { hasRole, ROLE_LABELS } from '../../../../src/shared/roles.js';
import { useSession } from '../../app/SessionContext.js';
import { ChangePasswordCard } from './ChangePasswordCard.js';
import { NO_STUDENTS, rememberedStudent, useParentStudents } from '../useStudents.js';
import { StudentCard } from '../StudentCard.js';

/** /profile: the user's account, the password card, and for parents their student's details. */
export default function ProfilePage() {
  const { user } = useSession();
  return (
    <Space direction="vertical" size="middle" style={{ width: '100%' }}>
      <Card title="Profile" style={{ maxWidth: 760 }}>
        <Descriptions column={1} size="small">
          <Descriptions.Item label="Name">{user.name}</Descriptions.Item>
          <Descriptions.Item label="Email">{user.email}</Descriptions.Item>
          {user.mobile && <Descriptions.Item label="Mobile">{user.mobile}</Descriptions.Item>}
          <Descriptions.Item label="Role">{ROLE_LABELS[user.role] ?? user.role}</Descriptions.Item>
        </Descriptions>
      </Card>
      {hasRole(user, 'family') && <ParentStudentCard />}
      <ChangePasswordCard />
    </Space>
  );
}

function ParentStudentCard() {
  const { students, loading } = useParentStudents();
  if (loading) return null;
  if (students.length === 0) return <Alert type="warning" showIcon message={NO_STUDENTS} style={{ maxWidth: 760 }} />;
  const chosen = rememberedStudent();
  return <div style={{ maxWidth: 760 }}><StudentCard student={students.find((s) => s.id === chosen) ?? students[0]!} /></div>;
}
