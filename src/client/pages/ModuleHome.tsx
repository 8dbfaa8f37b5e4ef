import { Card, Col, Empty, Row } from 'antd';
import { Link } from 'react-router';
import { MODULES, RESOURCES } from '../../shared/registry.js';
import { useSession } from '../app/SessionContext.js';
import { buildMenu } from '../app/menu.js';
import { Icon } from '../framework/icons.js';

/** A module's home (e.g. /academics/): its screens as cards. */
export default function ModuleHome({ moduleKey }: { moduleKey: string }) {
  const { access } = useSession();
  const group = buildMenu(access, MODULES, RESOURCES).find((g) => g.key === moduleKey);
  const title = MODULES.find((m) => m.key === moduleKey)?.title ?? moduleKey;
  return (
    <Card title={title}>
      {!group || group.disabled ? (
        <Empty description="Nothing here for you yet" />
      ) : (
        <Row gutter={[16, 16]}>
          {group.items.map((i) => (
            <Col key={i.key} xs={24} sm={12} md={8}>
              <Link to={i.route}>
                <Card hoverable><Card.Meta avatar={<Icon name={i.icon} />} title={i.label} /></Card>
              </Link>
            </Col>
          ))}
        </Row>
      )}
    </Card>
  );
}
