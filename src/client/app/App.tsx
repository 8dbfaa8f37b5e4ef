/**
 * The logged-in application: start-up calls, then Refine with our data and access-control
 * providers, then the shell for the user's role.
 */
import '../antdReact19.js';
import { useEffect, useMemo, useState } from 'react';
import { BrowserRouter } from 'react-router';
import { App as AntdApp, Button, ConfigProvider, Spin } from 'antd';
import dayjs from 'dayjs';
import relativeTime from 'dayjs/plugin/relativeTime';
import { Refine } from '@refinedev/core';
import { useNotificationProvider } from '@refinedev/antd';
import routerProvider from '@refinedev/react-router';
import { RESOURCES } from '../../shared/registry.js';
import { request, requestWithMessage } from '../api.js';
import { createDataProvider } from '../framework/dataProvider.js';
import { createAccessControlProvider, type AccessContext } from '../framework/access.js';
import { AccessReactContext } from '../framework/useAccess.js';
import { loadStartup, type StartupData } from './startup.js';
import { SessionContext } from './SessionContext.js';
import { refineResources } from './refineResources.js';
import { Shell } from './Shell.js';
import { NOTIFICATION_PLACEMENT } from '../framework/notify.js';
import { THEME } from './theme.js';
import { Logout } from './Logout.js';
import { FullPageResult } from './results.js';

dayjs.extend(relativeTime);

export default function App() {
  return (
    <ConfigProvider theme={THEME}>
      <AntdApp notification={NOTIFICATION_PLACEMENT}>
        <BrowserRouter>
          {window.location.pathname.replace(/\/+$/, '') === '/logout' ? <Logout /> : <Startup />}
        </BrowserRouter>
      </AntdApp>
    </ConfigProvider>
  );
}

function Startup() {
  const [state, setState] = useState<{ data?: StartupData; error?: string }>({});
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    loadStartup()
      .then((data) => live && setState({ data }))
      .catch((e) => live && setState({ error: e?.message ?? 'Something went wrong' }));
    return () => { live = false; };
  }, [attempt]);

  if (state.error) {
    return (
      <FullPageResult
        status="warning"
        title={state.error}
        extra={[
          <Button key="retry" type="primary" onClick={() => { setState({}); setAttempt((n) => n + 1); }}>Retry</Button>,
          <Button key="logout" href="/logout">Logout</Button>,
        ]}
      />
    );
  }
  if (!state.data) return <Spin size="large" style={{ display: 'block', marginTop: '30vh' }} />;
  const reload = async () => {
    const data = await loadStartup();
    setState({ data });
  };
  return <LoggedIn data={state.data} reload={reload} />;
}

function LoggedIn({ data, reload }: { data: StartupData; reload: () => Promise<void> }) {
  const access: AccessContext = useMemo(
    () => ({ role: data.user.role, schoolModules: data.school.modules, adminModules: data.adminModules }),
    [data],
  );
  const dataProvider = useMemo(() => createDataProvider(RESOURCES, (m, p, b) => request(m, p, b), data.session.api, (m, p) => requestWithMessage(m, p)), [data]);
  const accessControlProvider = useMemo(() => createAccessControlProvider(RESOURCES, access), [access]);
  const session = useMemo(() => ({ ...data, access, reload }), [data, access]); // eslint-disable-line react-hooks/exhaustive-deps

  return (
    <SessionContext.Provider value={session}>
      <AccessReactContext.Provider value={access}>
        <Refine
          dataProvider={dataProvider}
          accessControlProvider={accessControlProvider}
          notificationProvider={useNotificationProvider}
          routerProvider={routerProvider}
          resources={refineResources(RESOURCES)}
          options={{
            disableTelemetry: true,
            syncWithLocation: false,
            warnWhenUnsavedChanges: false,
            mutationMode: 'pessimistic',
            reactQuery: { clientConfig: { defaultOptions: { queries: { retry: false, refetchOnWindowFocus: false } } } },
          }}
        >
          <Shell />
        </Refine>
      </AccessReactContext.Provider>
    </SessionContext.Provider>
  );
}
