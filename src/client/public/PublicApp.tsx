/**
 * The logged-out screens: login, forgot password, reset password, and the public application. Deliberately free of
 * Refine, RJSF and the generated framework so the first screen loads little JavaScript.
 */
import '../antdReact19.js';
import { lazy, Suspense } from 'react';
import { BrowserRouter, Route, Routes } from 'react-router';
import { App as AntdApp, ConfigProvider, Spin } from 'antd';
import { THEME } from '../app/theme.js';
import { GuestLayout } from './GuestLayout.js';
import { LoginPage } from './LoginPage.js';

const ForgotPasswordPage = lazy(() => import('./ForgotPasswordPage.js'));
const ResetPasswordPage = lazy(() => import('./ResetPasswordPage.js'));
const ApplyApp = lazy(() => import('./admissions/ApplyApp.js'));

export default function PublicApp() {
  return (
    <ConfigProvider theme={THEME}>
      <AntdApp>
        <BrowserRouter>
          <Routes>
            {/* The public application pages have a frame of their own (spec 4, 2.7). */}
            <Route path="/admissions/apply/*" element={<Suspense fallback={<Spin />}><ApplyApp /></Suspense>} />
            <Route path="*" element={(
              <GuestLayout>
                <Suspense fallback={<Spin />}>
                  <Routes>
                    <Route path="/forgot-password" element={<ForgotPasswordPage />} />
                    <Route path="/reset-password" element={<ResetPasswordPage />} />
                    {/* '/', '/login' and any other path show the login screen (spec 4, 2.1). */}
                    <Route path="*" element={<LoginPage />} />
                  </Routes>
                </Suspense>
              </GuestLayout>
            )} />
          </Routes>
        </BrowserRouter>
      </AntdApp>
    </ConfigProvider>
  );
}
