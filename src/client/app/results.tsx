/** Full-page and in-page results: not found, forbidden, account disabled. */
import { Button, Result } from 'antd';

export function NotFound({ fullPage }: { fullPage?: boolean }) {
  return (
    <Result
      status="404"
      title="404 Page Not Found"
      subTitle="Sorry, the page you visited does not exist."
      style={fullPage ? { marginTop: '10vh' } : undefined}
      extra={fullPage ? <Button href="/logout">Logout</Button> : <Button type="primary" href="/">Back Home</Button>}
    />
  );
}

export function Forbidden() {
  return <Result status="403" title="403" subTitle="Sorry, you are not authorized to access this page." extra={<Button type="primary" href="/">Back Home</Button>} />;
}

export function DisabledAccount() {
  return (
    <Result
      status="403"
      title="Account Disabled"
      subTitle="This account is disabled for non-payment. Please contact the school management."
      style={{ marginTop: '10vh' }}
      extra={<Button href="/logout">Logout</Button>}
    />
  );
}

/** /chat: parents never have chat (spec 4, 2.6); for staff it opens once the school has the chat module. */
export function ChatUnavailable({ role }: { role: number }) {
  const why = role === 1 ? 'Chat is not available or enabled for parents.' : 'Chat is not available or enabled for this school yet.';
  return <Result status="403" title="Unavailable" subTitle={why} extra={<Button type="primary" href="/">Go to Home</Button>} />;
}
