/**
 * Formats the schemas use beyond ajv-formats, added to the server's and the browser's ajv
 * alike. `money` is a rupee amount with at most two decimals (paise), stored as numeric(14,2).
 */
const MAX_MONEY = 1e11;

export function isMoney(n: unknown): boolean {
  if (typeof n !== 'number' || !Number.isFinite(n) || Math.abs(n) >= MAX_MONEY) return false;
  return Math.abs(Math.round(n * 100) - n * 100) < 1e-6;
}

export function addProductFormats(ajv: { addFormat: (name: string, def: any) => unknown }) {
  ajv.addFormat('money', { type: 'number', validate: isMoney });
}
