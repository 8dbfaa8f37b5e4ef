/**
 * The share link's page, /admissions/apply/{sch_code}/{sch_token}/: asks for a guest pass with
 * the link's code and token, then offers Apply Now and Check Application Status. A link that
 * opens nothing says why ('Invalid URL', 'This is invalid URL', 'Admissions not yet open').
 */
import { useEffect, useState } from 'react';
import { useNavigate, useParams } from 'react-router';
import { Alert, Button, Space, Spin } from 'antd';
import { ApiError } from '../../api.js';
import { applyCall, errorText, LINK_ERRORS, NO_PASS, saveFlow, type Flow } from './applyCall.js';

export function InvalidUrl({ message = LINK_ERRORS.invalid }: { message?: string }) {
  return (
    <>
      <h1 style={{ fontSize: 20, marginTop: 0 }}>Admissions</h1>
      <Alert type="error" showIcon message={message} />
    </>
  );
}

export function Landing() {
  const { code = '', token = '' } = useParams();
  const navigate = useNavigate();
  const [flow, setFlow] = useState<Flow | null>(null);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    const start: Flow = { code: code.toUpperCase() };
    applyCall('guestToken', { query: { sch_code: code, sch_token: token } }, start).then(({ data }) => {
      if (!live) return;
      const next: Flow = {
        code: data.school_code, pass: data.token,
        school: { name: data.school_name, logo: data.school_logo, address: data.school_address, classes: data.adm_classes_list, fee: data.adm_application_fees, modes: data.payment_modes },
      };
      saveFlow(next);
      setFlow(next);
    }, (e) => {
      if (!live) return;
      // A code no school has is refused before any school answers.
      setProblem(e instanceof ApiError && e.statusCode === 404 ? LINK_ERRORS.unknownSchool : e instanceof ApiError && e.statusCode === 429 ? errorText(e) : e instanceof ApiError && e.statusCode === 0 ? NO_PASS : errorText(e));
    });
    return () => { live = false; };
  }, [code, token]);

  if (problem) return <InvalidUrl message={problem} />;
  if (!flow?.school) return <Spin style={{ display: 'block', margin: 48 }} aria-label="Loading" />;
  const { school } = flow;
  return (
    <div style={{ textAlign: 'center' }}>
      {school.logo ? <img src={school.logo} alt="" style={{ maxHeight: 72, maxWidth: '100%' }} /> : null}
      <h1 style={{ fontSize: 22, margin: '8px 0' }}>{school.name}</h1>
      {school.address ? <p style={{ margin: '0 0 8px' }}>{school.address}</p> : null}
      <h2 style={{ fontSize: 18, margin: '16px 0' }}>Admissions</h2>
      <Space direction="vertical" style={{ width: '100%' }} size="middle">
        <Button type="primary" size="large" block onClick={() => navigate('/admissions/apply/new-application/')}>Apply Now</Button>
        <Button size="large" block onClick={() => navigate('/admissions/apply/status/')}>Check Application Status</Button>
      </Space>
    </div>
  );
}
