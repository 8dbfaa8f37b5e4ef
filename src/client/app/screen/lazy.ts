/**
 * React.lazy that can load again. React keeps a failed import's error in its lazy component
 * for good, so a screen whose code failed to load (offline, or a release replaced its file)
 * would stay broken after the network returns; here a failed screen gets a fresh lazy
 * component when the person presses Retry.
 */
import { createElement, lazy as reactLazy, type ComponentType, type LazyExoticComponent } from 'react';

type Loader<P> = () => Promise<{ default: ComponentType<P> }>;

/** The re-makers of screens whose last load failed. */
const failed = new Set<() => void>();

export function lazy<P extends object>(load: Loader<P>): ComponentType<P> {
  let current: LazyExoticComponent<ComponentType<P>>;
  const make = () => {
    current = reactLazy(() => load().catch((e: unknown) => { failed.add(make); throw e; }));
  };
  make();
  const Screen = (props: P) => createElement(current, props);
  return Screen;
}

/** Lets every screen that failed to load try again on its next render. */
export function retryFailedScreens() {
  for (const make of failed) make();
  failed.clear();
}

/** Whether an error is a screen's code failing to load rather than a fault in the screen. */
export function isLoadError(e: unknown): boolean {
  const message = e instanceof Error ? e.message : String(e);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|Failed to fetch/i.test(message);
}

/** The file named in a load error's message, when there is one. */
export function failedFile(e: unknown): string | undefined {
  const message = e instanceof Error ? e.message : String(e);
  return message.match(/https?:\/\/\S+?\.(?:js|css)\b/)?.[0];
}

/** The file a reload was last made for, so a file still missing after it cannot loop. */
const RELOADED_FOR = 'screen-reloaded-for';

/**
 * A file that answers 404 was removed by a new release: the page reloads to get the new one,
 * once per file. An unreachable server (offline) leaves it to the person's Retry.
 */
export async function reloadIfReplaced(e: unknown): Promise<boolean> {
  const file = failedFile(e);
  if (!file) return false;
  try {
    const res = await fetch(file, { method: 'HEAD', cache: 'no-store' });
    if (res.status !== 404 || sessionStorage.getItem(RELOADED_FOR) === file) return false;
  } catch {
    return false;
  }
  sessionStorage.setItem(RELOADED_FOR, file);
  window.location.reload();
  return true;
}
