/** Remembered list filters (declared `remember: true`), e.g. the class chosen on the subjects list. */
const key = (resource: string, field: string) => `filter:${resource}:${field}`;

export function loadFilter(resource: string, field: string): unknown {
  try {
    const raw = window.localStorage.getItem(key(resource, field));
    return raw === null ? undefined : JSON.parse(raw);
  } catch {
    return undefined;
  }
}

export function saveFilter(resource: string, field: string, value: unknown): void {
  try {
    if (value === undefined || value === null) window.localStorage.removeItem(key(resource, field));
    else window.localStorage.setItem(key(resource, field), JSON.stringify(value));
  } catch { /* storage full or blocked: the choice is simply not remembered */ }
}
