/** An error whose message is meant for the person using the product. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly details?: string[],
  ) {
    super(message);
  }
}

export const badRequest = (msg: string, details?: string[]) => new AppError(400, msg, details);
export const unauthorized = (msg = 'Your session has expired, please log in again') => new AppError(401, msg);
export const forbidden = (msg = 'You are not allowed to do this') => new AppError(403, msg);
export const notFound = (msg = 'Record not found') => new AppError(404, msg);
export const conflict = (msg: string) => new AppError(409, msg);
