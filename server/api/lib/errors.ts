/** Errors the API answers with: JSON `{ message, ... }` and the right status. */
export class ApiError extends Error {
  constructor(
    readonly status: 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 503,
    message: string,
    readonly extra: Record<string, unknown> = {},
  ) {
    super(message);
  }
  toJSON() {
    return { message: this.message, ...this.extra };
  }
}

export type FieldErrors = Record<string, string[]>;

export const badRequest = (message: string, fieldErrors?: FieldErrors) =>
  new ApiError(400, message, fieldErrors ? { fieldErrors } : {});
export const invalid = (message: string, fieldErrors: FieldErrors) => new ApiError(422, message, { fieldErrors });
export const unauthorized = (message = "Please sign in to continue.") => new ApiError(401, message);
export const forbidden = (message = "You do not have access to this.") => new ApiError(403, message);
export const notFound = (message = "Not found.") => new ApiError(404, message);
export const conflict = (message: string, extra?: Record<string, unknown>) => new ApiError(409, message, extra);
export const tooManyRequests = (message: string, retryAfterSeconds: number) =>
  new ApiError(429, message, { retryAfterSeconds });
/** A plan limit refused (ADR 0015): 403 `{ message, upgrade: true }`; the panel opens #upgrade. */
export const upgradeRequired = (message: string) => new ApiError(403, message, { upgrade: true });
