/** An error answered as JSON {statusCode, message, type?, errors?}. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly type?: string,
    readonly errors?: { path: string; message: string }[],
  ) {
    super(message);
  }
}

export const unauthorized = (message = 'unauthorized') => new HttpError(401, message);
export const forbidden = (message = 'forbidden', type?: string) =>
  new HttpError(403, message, type);
export const notFound = (message = 'not found') => new HttpError(404, message);
export const badRequest = (message: string, type?: string) => new HttpError(400, message, type);
export const conflict = (message: string, type?: string) => new HttpError(409, message, type);
