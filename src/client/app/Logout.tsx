import { useEffect } from 'react';
import { Spin } from 'antd';
import { callDeclared } from '../framework/useDeclaredCall.js';
import { clearSession } from '../session.js';

/** /logout: kill the token on the server, clear both storages, go to the login screen. */
export function Logout() {
  useEffect(() => {
    callDeclared('account.logout', { body: {} }, { endSessionOn401: false })
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        window.location.replace('/');
      });
  }, []);
  return <Spin size="large" style={{ display: 'block', marginTop: '30vh' }} tip="Logging out" />;
}
