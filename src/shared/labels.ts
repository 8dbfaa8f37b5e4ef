/** Names both sides give records in messages and screens. */

/** A class as "5 - A" (or "5-A" with another separator); missing parts are left out. */
export function classSectionLabel(c: { class?: unknown; section?: unknown } | null | undefined, separator = ' - '): string {
  return c ? [c.class, c.section].filter((x) => x !== undefined && x !== null && x !== '').join(separator) : '';
}
