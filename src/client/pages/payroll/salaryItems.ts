/** A salary structure's items come back as text (spec 2 §3); this reads them, an unreadable text as none. */
export interface SalaryItemRow { item_name: string; type: number; value: number }

export function parseSalaryItems(text: string | null | undefined): SalaryItemRow[] {
  try {
    const v: unknown = JSON.parse(text ?? '[]');
    return Array.isArray(v) ? v.filter((i): i is SalaryItemRow => typeof i?.item_name === 'string' && typeof i?.value === 'number') : [];
  } catch {
    return [];
  }
}
