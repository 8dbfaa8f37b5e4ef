/**
 * /visitors/info (spec 3 Visitors): one visitor's details and photo. The screen it is opened from
 * passes the row in the navigation state; opened afresh (a reload, a shared address) it reads the
 * visitor named by ?id.
 */
import { useLocation, useNavigate, useSearchParams } from 'react-router';
import { useOne } from '@refinedev/core';
import { Alert, Button, Card, Col, Descriptions, Image, Row, Tag } from 'antd';
import { ArrowLeftOutlined, UserOutlined } from '@ant-design/icons';
import type { PageProps } from '../registry.js';
import { formatDateTime } from '../../framework/format.js';
import { readState } from '../../framework/readState.js';
import { PHOTO_HEIGHT, PHOTO_WIDTH } from './parts/CameraCapture.js';
import type { VisitorRow } from './parts/visitorRow.js';

export default function VisitorInfo(_props: PageProps) {
  const passed = (useLocation().state as { visitor?: VisitorRow } | null)?.visitor;
  const [search] = useSearchParams();
  const id = Number(search.get('id'));
  const asked = !passed && Number.isInteger(id) && id > 0;
  const { result, query } = useOne<VisitorRow>({ resource: 'visitors', id, queryOptions: { enabled: asked }, errorNotification: false });
  const visitor = passed ?? result;
  if (!passed && !asked) return <Alert type="info" showIcon message="Open a visitor from the active visitors or the history" />;
  const pending = !passed && readState(query, 'Visitor not found', !!visitor);
  if (pending || !visitor) return pending;
  return <Details visitor={visitor} />;
}

function Details({ visitor: v }: { visitor: VisitorRow }) {
  const navigate = useNavigate();
  const inside = !v.exit_timestamp;
  return (
    <Card
      title={v.name}
      extra={<Button icon={<ArrowLeftOutlined />} onClick={() => navigate(inside ? '/visitors/' : '/visitors/list/')}>Back</Button>}
    >
      <Row gutter={[24, 16]}>
        <Col xs={24} md={10}>
          {v.photo?.path ? (
            <Image src={v.photo.path} alt={`Photo of ${v.name}`} width="100%" style={{ maxWidth: PHOTO_WIDTH, aspectRatio: `${PHOTO_WIDTH} / ${PHOTO_HEIGHT}`, objectFit: 'cover' }} />
          ) : (
            <div role="img" aria-label="No photo" style={{ maxWidth: PHOTO_WIDTH, aspectRatio: `${PHOTO_WIDTH} / ${PHOTO_HEIGHT}`, background: '#f0f0f0', display: 'grid', placeItems: 'center', fontSize: 48, color: '#595959', borderRadius: 6 }}>
              <UserOutlined />
            </div>
          )}
        </Col>
        <Col xs={24} md={14}>
          <Descriptions column={1} size="small" bordered>
            <Descriptions.Item label="Status">{inside ? <Tag color="green">Inside</Tag> : <Tag>Exited</Tag>}</Descriptions.Item>
            <Descriptions.Item label="Visitor Name">{v.name}</Descriptions.Item>
            <Descriptions.Item label="Mobile">{v.mobile}</Descriptions.Item>
            <Descriptions.Item label="Address">{v.address}</Descriptions.Item>
            <Descriptions.Item label="Student Name">{v.student_name ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="Class">{v.class ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="Person Visiting">{v.person_visiting ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="Reason Visiting">{v.reason_visiting}</Descriptions.Item>
            <Descriptions.Item label="Entry Gate">{v.entry_gate}</Descriptions.Item>
            <Descriptions.Item label="Entry Timestamp">{formatDateTime(v.entry_timestamp)}</Descriptions.Item>
            <Descriptions.Item label="Exit Gate">{v.exit_gate ?? '-'}</Descriptions.Item>
            <Descriptions.Item label="Exit Timestamp">{v.exit_timestamp ? formatDateTime(v.exit_timestamp) : '-'}</Descriptions.Item>
          </Descriptions>
        </Col>
      </Row>
    </Card>
  );
}
