/** Every answer has this shape; `error` is the text the browser shows. */
export interface Envelope<T = unknown> {
  success: boolean;
  data: T | null;
  error: string | null;
  message?: string;
  errors?: string[];
  meta?: { total: number };
}

export const ok = <T>(data: T, message?: string): Envelope<T> =>
  message === undefined ? { success: true, data, error: null } : { success: true, data, error: null, message };

export const fail = (error: string, errors?: string[]): Envelope<null> =>
  errors && errors.length > 1 ? { success: false, data: null, error, errors } : { success: false, data: null, error };
