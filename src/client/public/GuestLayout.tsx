import type { ReactNode } from 'react';
import { Card, Layout, Typography } from 'antd';
import { PRODUCT_NAME } from '../product.js';

/** The logged-out frame: product name on top, the form in a centred card, the credit line below. */
export function GuestLayout({ children }: { children: ReactNode }) {
  return (
    <Layout style={{ minHeight: '100vh', background: '#f0f2f5' }}>
      <Layout.Content style={{ display: 'flex', justifyContent: 'center', alignItems: 'flex-start', padding: '48px 12px' }}>
        <Card style={{ width: '100%', maxWidth: 400 }}>
          <Typography.Title level={1} style={{ textAlign: 'center', marginTop: 0, fontSize: 24 }}>{PRODUCT_NAME}</Typography.Title>
          {children}
        </Card>
      </Layout.Content>
      <Layout.Footer style={{ textAlign: 'center' }}>School management by {PRODUCT_NAME}</Layout.Footer>
    </Layout>
  );
}
