import { useEffect } from 'react';
import { Spin } from 'antd';
import { request } from '../api.js';
import { clearSession } from '../session.js';

/** /logout: kill the token on the server, clear both storages, go to the login screen. */
export function Logout() {
  useEffect(() => {
    request('POST', '/logout/', {}, { endSessionOn401: false })
      .catch(() => undefined)
      .finally(() => {
        clearSession();
        window.location.replace('/');
      });
  }, []);
  return <Spin size="large" style={{ display: 'block', marginTop: '30vh' }} tip="Logging out" />;
}
