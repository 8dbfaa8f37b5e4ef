/** Full-page and in-page results: not found, forbidden, account disabled. */
import { ROLE_IDS } from '../../shared/roles.js';
import type { ReactNode } from 'react';
import { Button, Result, type ResultProps } from 'antd';

/** A result that is the whole page: its title is the page's h1, inside the main landmark. */
export function FullPageResult({ title, ...props }: Omit<ResultProps, 'title'> & { title: ReactNode }) {
  return (
    <main>
      <Result {...props} title={<h1 style={{ font: 'inherit', color: 'inherit', margin: 0 }}>{title}</h1>} style={{ marginTop: '10vh', ...props.style }} />
    </main>
  );
}

export function NotFound({ fullPage }: { fullPage?: boolean }) {
  const Shown = fullPage ? FullPageResult : Result;
  return (
    <Shown
      status="404"
      title="404 Page Not Found"
      subTitle="Sorry, the page you visited does not exist."
      extra={fullPage ? <Button href="/logout">Logout</Button> : <Button type="primary" href="/">Back Home</Button>}
    />
  );
}

export function Forbidden() {
  return <Result status="403" title="403" subTitle="Sorry, you are not authorized to access this page." extra={<Button type="primary" href="/">Back Home</Button>} />;
}

export function DisabledAccount() {
  return (
    <FullPageResult
      status="403"
      title="Account Disabled"
      subTitle="This account is disabled for non-payment. Please contact the school management."
      extra={<Button href="/logout">Logout</Button>}
    />
  );
}

/** /chat: parents never have chat (spec 4, 2.6); for staff it opens once the school has the chat module. */
export function ChatUnavailable({ role }: { role: number }) {
  const why = role === ROLE_IDS.parent ? 'Chat is not available or enabled for parents.' : 'Chat is not available or enabled for this school yet.';
  return <Result status="403" title="Unavailable" subTitle={why} extra={<Button type="primary" href="/">Go to Home</Button>} />;
}
