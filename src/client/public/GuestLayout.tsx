import type { ReactNode } from 'react';
import { theme } from 'antd';
import { PRODUCT_NAME } from '../product.js';

/**
 * The logged-out frame: product name on top, the form in a centred card, the credit line below.
 * Plain elements in antd's colours rather than Layout, Card and Typography: those bring tabs,
 * menus, tooltips and an editable text area along, which a phone on 3G would fetch before the
 * login form shows.
 */
export function GuestLayout({ children }: { children: ReactNode }) {
  const { token } = theme.useToken();
  return (
    <div style={{ minHeight: '100vh', display: 'flex', flexDirection: 'column', background: '#f0f2f5', fontFamily: token.fontFamily, color: token.colorText }}>
      <main style={{ flex: 1, display: 'flex', justifyContent: 'center', alignItems: 'flex-start', padding: '48px 12px' }}>
        <div style={{ width: '100%', maxWidth: 400, boxSizing: 'border-box', padding: token.paddingLG, background: token.colorBgContainer, borderRadius: token.borderRadiusLG, border: `1px solid ${token.colorBorderSecondary}` }}>
          <h1 style={{ textAlign: 'center', marginTop: 0, marginBottom: '0.5em', fontSize: token.fontSizeHeading3, lineHeight: token.lineHeightHeading3, fontWeight: token.fontWeightStrong, color: token.colorTextHeading }}>{PRODUCT_NAME}</h1>
          {children}
        </div>
      </main>
      <footer style={{ textAlign: 'center', padding: '24px 50px', fontSize: token.fontSize, background: token.colorBgLayout }}>School management by {PRODUCT_NAME}</footer>
    </div>
  );
}
