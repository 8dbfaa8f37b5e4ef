/**
 * Around the whole application, before antd has loaded: when the application's own code cannot
 * be fetched, a plain message and Retry (a reload) instead of a blank page; after a new release,
 * one reload by itself.
 */
import { Component, type ReactNode } from 'react';
import { isLoadError, reloadIfReplaced } from './lazy.js';

export class AppBoundary extends Component<{ children: ReactNode }, { error: unknown }> {
  state = { error: null as unknown };

  static getDerivedStateFromError(error: unknown) {
    return { error };
  }

  componentDidCatch(error: unknown) {
    if (isLoadError(error)) void reloadIfReplaced(error);
  }

  render() {
    if (!this.state.error) return this.props.children;
    const offline = isLoadError(this.state.error);
    return (
      <div role="alert" style={{ fontFamily: 'system-ui, sans-serif', maxWidth: 480, margin: '20vh auto', padding: 16, textAlign: 'center' }}>
        <h1 style={{ fontSize: 20 }}>{offline ? 'The application could not be loaded' : 'Something went wrong'}</h1>
        <p>{offline ? 'Check your internet connection, then press Retry.' : 'Press Retry to load the application again.'}</p>
        <button type="button" onClick={() => window.location.reload()} style={{ padding: '8px 24px', fontSize: 16 }}>Retry</button>
      </div>
    );
  }
}
