/**
 * The public application pages (spec 4 §2.7) under /admissions/apply/: the landing from the
 * share link, the form, the preview, the test gateway, the payment result and the status check.
 * Laid out for a 390 px phone first; part of the logged-out bundle, not the staff app.
 */
import { lazy, Suspense, type ReactNode } from 'react';
import { Route, Routes } from 'react-router';
import { Spin, theme } from 'antd';
import { Landing, InvalidUrl } from './Landing.js';

const ApplicationForm = lazy(() => import('./ApplicationForm.js'));
const Preview = lazy(() => import('./Preview.js'));
const PaymentStatus = lazy(() => import('./PaymentStatus.js'));
const StatusCheck = lazy(() => import('./StatusCheck.js'));
const TestGatewayPage = lazy(() => import('./TestGatewayPage.js'));

function Frame({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ minHeight: '100vh', background: '#f0f2f5', fontFamily: token.fontFamily, color: token.colorText }}>
      <main style={{ maxWidth: 640, margin: '0 auto', padding: '16px 12px 32px', boxSizing: 'border-box' }}>
        <div style={{ padding: token.padding, background: token.colorBgContainer, borderRadius: token.borderRadiusLG, border: `1px solid ${token.colorBorderSecondary}` }}>
          {children}
        </div>
      </main>
    </div>
  );
}

export default function ApplyApp() {
  return (
    <Frame>
      <Suspense fallback={<Spin />}>
        <Routes>
          <Route path="new-application" element={<ApplicationForm />} />
          <Route path="preview" element={<Preview />} />
          <Route path="payment-status" element={<PaymentStatus />} />
          <Route path="status" element={<StatusCheck />} />
          <Route path="test-gateway/:order" element={<TestGatewayPage />} />
          <Route path=":code/:token" element={<Landing />} />
          {/* Without a school code and token there is no form to show (spec 4 §2.7). */}
          <Route path="*" element={<InvalidUrl />} />
        </Routes>
      </Suspense>
    </Frame>
  );
}
