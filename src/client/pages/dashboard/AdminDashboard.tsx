import { Alert, Card, Col, Empty, List, Row, Segmented, Select, Space, Spin, Statistic, Typography } from 'antd';
import { useState } from 'react';
import { Link } from 'react-router';
import { useSession } from '../../app/SessionContext.js';
import { SeriesDrawing } from '../../framework/charts/index.js';
import { formatDate, formatMoney } from '../../framework/format.js';
import { APPLICATION_STATUS_OPTIONS, LEADS_STATUS, LEADS_STATUS_OPTIONS } from '../../../generated/enums/admissions.js';
import { StatusTag } from '../../framework/StatusTag.js';
import { shortINR } from '../../../shared/money.js';
import { useDeclaredQuery } from '../../framework/useDeclaredCall.js';
import { errorText } from '../../framework/useCall.js';
import { useClassesAndYears } from '../useClassesAndYears.js';

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
/** '2026-07' as 'Jul 26', '2026-07-14' as '14 Jul'. */
const shortDate = (d: string) => (d.length === 7 ? `${MONTHS[Number(d.slice(5, 7)) - 1]} ${d.slice(2, 4)}` : `${Number(d.slice(8, 10))} ${MONTHS[Number(d.slice(5, 7)) - 1]}`);
const cardCol = { xs: 24, sm: 12, xl: 6 } as const;

/**
 * The admin's home (spec 3 Dashboard): the year's students and fees at a glance, the charts,
 * who owes most, and the admissions panel. The year can be switched; the first load shows the
 * school's default year. An admin without the fees module sees no fee figures.
 */
export default function AdminDashboard() {
  const { user, school } = useSession();
  const [yearId, setYearId] = useState<number>();
  const [feeScale, setFeeScale] = useState<'month' | 'day'>('month');
  const { years } = useClassesAndYears();
  const { result, query } = useDeclaredQuery('school.adminDashboard', { query: yearId ? { ac_year_id: String(yearId) } : {} });
  const d = query.isSuccess ? result.data : undefined;

  return (
    <Space direction="vertical" size={16} style={{ width: '100%' }}>
      <Card>
        <Row justify="space-between" align="middle" gutter={[12, 12]}>
          <Col>
            <Typography.Title level={4} style={{ margin: 0 }}>Dashboard</Typography.Title>
            <Typography.Text type="secondary">Welcome, {user.name} · {school.school_name}</Typography.Text>
          </Col>
          <Col>
            <Select
              aria-label="Academic year" style={{ minWidth: 160 }} placeholder="Academic year"
              value={yearId ?? d?.ac_year.id} onChange={setYearId}
              options={years.map((y) => ({ value: y.id, label: y.name }))}
            />
          </Col>
        </Row>
      </Card>
      {query.isError && <Alert type="error" showIcon message={errorText(query.error)} />}
      {!d ? (query.isLoading && <Spin style={{ display: 'block', margin: 48 }} />) : (
        <>
          <Row gutter={[16, 16]}>
            <Col {...cardCol}>
              <Card title="Students" size="small" extra={<Link to="/students/">View</Link>}>
                <Statistic title="Total" value={d.cards.students.total_students} />
                <Space size={24}>
                  <Statistic title="Present today" value={d.cards.students.present_students} valueStyle={{ fontSize: 18 }} />
                  <Statistic title="App users" value={d.cards.students.app_users} valueStyle={{ fontSize: 18 }} />
                </Space>
              </Card>
            </Col>
            {d.cards.fees && (
              <Col {...cardCol}>
                <Card title="Fees" size="small" extra={<Link to="/fees/reports/">Reports</Link>}>
                  <Statistic title="Total" value={formatMoney(d.cards.fees.total_amount)} />
                  <Space size={24} wrap>
                    <Statistic title="Paid" value={formatMoney(d.cards.fees.paid_amount)} valueStyle={{ fontSize: 18 }} />
                    <Statistic title="Due" value={`${d.cards.fees_due_count} students`} valueStyle={{ fontSize: 18 }} />
                  </Space>
                </Card>
              </Col>
            )}
            {d.cards.fees && (
              <Col {...cardCol}>
                <Card title="Collection" size="small">
                  <Statistic title="Collected today" value={formatMoney(d.cards.collected_today)} />
                  <Space size={24} wrap>
                    <Statistic title="This month" value={formatMoney(d.cards.collected_month)} valueStyle={{ fontSize: 18 }} />
                    <Statistic title="Pending" value={formatMoney(d.cards.fees.pending_amount)} valueStyle={{ fontSize: 18, color: '#cf1322' }} />
                  </Space>
                </Card>
              </Col>
            )}
            <Col {...cardCol}>
              <Card title="SMS and storage" size="small" extra={<Link to="/reports/sms/">SMS log</Link>}>
                <Statistic title="SMS sent today" value={d.cards.sms.today} />
                <Space size={24} wrap>
                  <Statistic title="This month" value={d.cards.sms.month} valueStyle={{ fontSize: 18 }} />
                  <Statistic title="Storage used" value={`${d.cards.storage.used_storage} ${d.cards.storage.storage_unit}`} valueStyle={{ fontSize: 18 }} />
                </Space>
              </Card>
            </Col>
          </Row>
          <Row gutter={[16, 16]}>
            {d.fees_graph && (
              <Col xs={24} lg={14}>
                <Card
                  title="Fees" size="small"
                  extra={<Segmented size="small" value={feeScale} onChange={(v) => setFeeScale(v as 'month' | 'day')} options={[{ value: 'month', label: 'Month' }, { value: 'day', label: 'Day' }]} />}
                >
                  <SeriesDrawing
                    kind="line" height={260} title="Fees" desc={`Fees billed and paid per ${feeScale}`}
                    data={d.fees_graph[feeScale]} categoryKey="date" formatCategory={shortDate} formatValue={shortINR}
                    series={[{ key: 'total_amount', label: 'Billed', color: '#1677ff' }, { key: 'paid_amount', label: 'Paid', color: '#52c41a' }]}
                  />
                </Card>
              </Col>
            )}
            {d.top_defaulters && (
              <Col xs={24} lg={10}>
                <Card title="Top defaulters" size="small">
                  <List
                    dataSource={d.top_defaulters} locale={{ emptyText: <Typography.Text type="secondary">No fees are due</Typography.Text> }}
                    renderItem={(r) => (
                      <List.Item extra={<Typography.Text type="danger">{formatMoney(r.pending_amount)}</Typography.Text>}>
                        <List.Item.Meta
                          title={<Link to={`/fees/records/${r.student_id}/`}>{r.fullname}</Link>}
                          description={`${r.class ?? ''} ${r.section ?? ''} · ${r.admission_no}`}
                        />
                      </List.Item>
                    )}
                  />
                </Card>
              </Col>
            )}
          </Row>
          <Card title="Students by class" size="small">
            {d.students_graph.length ? (
              <SeriesDrawing
                kind="bar" height={260} title="Students by class" desc="Students and present today in each class"
                data={d.students_graph.map((c) => ({ name: `${c.class} ${c.section}`, students: c.students, present: c.present }))} categoryKey="name"
                series={[{ key: 'students', label: 'Students', color: '#1677ff' }, { key: 'present', label: 'Present', color: '#52c41a' }]}
              />
            ) : <Empty description="No students in this year" />}
          </Card>
          <Row gutter={[16, 16]}>
            <Col xs={24} lg={8}>
              <Card title="Admissions" size="small">
                <Space size={24}>
                  <Statistic title="Today" value={d.admissions.today} />
                  <Statistic title="This week" value={d.admissions.week} />
                  <Statistic title="This month" value={d.admissions.month} />
                </Space>
                <List
                  size="small" dataSource={d.admissions.list}
                  locale={{ emptyText: <Typography.Text type="secondary">No admissions yet</Typography.Text> }}
                  renderItem={(r) => (
                    <List.Item>
                      <List.Item.Meta title={<Link to={`/students/details/${r.id}`}>{r.fullname}</Link>} description={[r.class && `${r.class} ${r.section ?? ''}`.trim(), r.admission_no, formatDate(r.admission_date)].filter(Boolean).join(' · ')} />
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
            <Col xs={24} lg={8}>
              <Card title="Latest leads" size="small" extra={<Link to="/admissions/leads/">View</Link>}>
                <List
                  size="small" dataSource={d.latest_leads}
                  locale={{ emptyText: <Typography.Text type="secondary">No leads yet</Typography.Text> }}
                  renderItem={(r) => (
                    <List.Item extra={<StatusTag options={LEADS_STATUS_OPTIONS} value={r.status ?? LEADS_STATUS.UNKNOWN} />}>
                      <List.Item.Meta title={<Link to={`/admissions/lead/${r.id}`}>{r.parent_name}</Link>} description={[r.student_name, r.class, r.mobile].filter(Boolean).join(' · ')} />
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
            <Col xs={24} lg={8}>
              <Card title="Latest applications" size="small" extra={<Link to="/admissions/applications/">View</Link>}>
                <List
                  size="small" dataSource={d.latest_admission_applications}
                  locale={{ emptyText: <Typography.Text type="secondary">No applications yet</Typography.Text> }}
                  renderItem={(r) => (
                    <List.Item extra={<StatusTag options={APPLICATION_STATUS_OPTIONS} value={r.status} />}>
                      <List.Item.Meta title={<Link to={`/admissions/application/${r.id}`}>{r.student_name}</Link>} description={[r.application_class, r.parent_name, r.mobile].filter(Boolean).join(' · ')} />
                    </List.Item>
                  )}
                />
              </Card>
            </Col>
          </Row>
        </>
      )}
    </Space>
  );
}
