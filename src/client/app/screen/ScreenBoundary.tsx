/**
 * Every screen sits under this boundary: a screen whose code fails to load offers Retry (and,
 * when a new release has replaced its file, reloads the page once); a screen that breaks while
 * drawing says so with Retry, never a blank page.
 */
import { Component, type ReactNode } from 'react';
import { Button, Result } from 'antd';
import { isLoadError, reloadIfReplaced, retryFailedScreens } from './lazy.js';

export const LOAD_FAILED = 'This screen could not be loaded';
export const SCREEN_BROKE = 'Something went wrong on this screen';

/** `resetKey`: the address; going elsewhere clears the message without remounting a screen that works. */
export class ScreenBoundary extends Component<{ resetKey: string; children: ReactNode }, { error: unknown; reloading: boolean }> {
  state = { error: null as unknown, reloading: false };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidUpdate(prev: { resetKey: string }) {
    if (prev.resetKey !== this.props.resetKey && this.state.error) this.retry();
  }

  componentDidCatch(error: unknown) {
    if (isLoadError(error)) void reloadIfReplaced(error).then((reloading) => reloading && this.setState({ reloading }));
  }

  retry = () => {
    retryFailedScreens();
    this.setState({ error: null });
  };

  render() {
    const { error, reloading } = this.state;
    if (!error) return this.props.children;
    if (reloading) return null;
    const loadFailed = isLoadError(error);
    return (
      <Result
        status={loadFailed ? 'warning' : 'error'}
        title={loadFailed ? LOAD_FAILED : SCREEN_BROKE}
        subTitle={loadFailed
          ? 'Check your internet connection, then press Retry.'
          : 'Press Retry to open it again. If this keeps happening, please tell the school office.'}
        extra={[
          <Button key="retry" type="primary" onClick={this.retry}>Retry</Button>,
          <Button key="home" href="/">Home</Button>,
        ]}
      />
    );
  }
}
