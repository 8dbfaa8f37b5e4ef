import { useEffect } from 'react';
import { App } from 'antd';

/** Online/offline notices (spec 4, 8): a 10 s warning when the connection drops, 'Online' when back. */
export function NetworkNotice() {
  const { notification } = App.useApp();
  useEffect(() => {
    const offline = () => notification.warning({ key: 'network', message: 'Check internet connection', duration: 10 });
    const online = () => notification.info({ key: 'network', message: 'Online' });
    window.addEventListener('offline', offline);
    window.addEventListener('online', online);
    return () => {
      window.removeEventListener('offline', offline);
      window.removeEventListener('online', online);
    };
  }, [notification]);
  return null;
}
