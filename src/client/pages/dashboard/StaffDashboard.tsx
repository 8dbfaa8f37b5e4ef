import { Card, Col, Row, Typography } from 'antd';
import { Link } from 'react-router';
import { MODULES, RESOURCES } from '../../../shared/registry.js';
import { ROLE_LABELS } from '../../../shared/roles.js';
import { useSession } from '../../app/SessionContext.js';
import { buildMenu } from '../../app/menu.js';
import { Icon } from '../../framework/icons.js';
import { DASHBOARD_CARDS } from '../../framework/contributed.js';
import type { DashboardCard } from '../../framework/contributions.js';

/** Home of teachers, admins and librarians: a greeting, the cards the modules contribute (a teacher's week, the librarian's figures), and a card per screen they can open. */
export default function StaffDashboard() {
  const { user, access, school } = useSession();
  const groups = buildMenu(access, MODULES, RESOURCES).filter((g) => !g.disabled);
  return (
    <>
      <Card style={{ marginBottom: 16 }}>
        <Typography.Title level={4} style={{ marginTop: 0 }}>Welcome, {user.name}</Typography.Title>
        <Typography.Text type="secondary">{ROLE_LABELS[user.role] ?? 'User'} · {school.school_name}</Typography.Text>
      </Card>
      {DASHBOARD_CARDS.map((c) => <Contributed key={c.key} card={c} />)}
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

/** A module's card, shown to the people it is for. */
function Contributed({ card }: { card: DashboardCard }) {
  const visible = card.useVisible?.() ?? true;
  return visible ? <card.component /> : null;
}
