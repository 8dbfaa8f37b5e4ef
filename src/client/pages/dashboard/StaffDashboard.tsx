import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { MODULES, RESOURCES, resourceByName } from '../../../shared/registry.js';
import { ROLE_IDS, ROLE_LABELS } from '../../../../src/shared/roles.js';
import { useSession } from '../../app/SessionContext.js';
import { buildMenu } from '../../app/menu.js';
import { Icon } from '../../framework/icons.js';
import TeacherWeek from '../timetable/TeacherWeek.js';
import { LibraryDashboardCard } from '../library/LibraryDashboardCard.js';
import { useAllowed } from '../../framework/useAccess.js';

/** Home of teachers, admins and librarians: a greeting, the librarian's library figures, and a card per screen they can open. */
export default function StaffDashboard() {
  const { user, access, school } = useSession();
  const groups = buildMenu(access, MODULES, RESOURCES).filter((g) => !g.disabled);
  // A librarian's home is their dashboard and the library (while the school has the module on).
  const library = useAllowed(resourceByName('book-issues'), 'read') && user.role === ROLE_IDS.librarian;
  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>Welcome, {user.name}</Typography.Title>
        <Typography.Text type="secondary">{ROLE_LABELS[user.role] ?? 'User'} · {school.school_name}</Typography.Text>
      </Card>
      {user.role === ROLE_IDS.teacher && <TeacherWeek />}
      {library && <LibraryDashboardCard />}
      {groups.map((g) => (
        <Card key={g.key} title={<span><Icon name={g.icon} /> {g.title}</span>} style={{ marginBottom: 16 }}>
          <Row gutter={[12, 12]}>
            {g.items.map((i) => (
              <Col key={i.key} xs={24} sm={12} md={8} lg={6}>
                <Link to={i.route}><Card size="small" hoverable><Icon name={i.icon} /> {i.label}</Card></Link>
              </Col>
            ))}
          </Row>
        </Card>
      ))}
    </>
  );
}
