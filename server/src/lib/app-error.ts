import { ERROR_CODES, type ErrorCode } from '@contracts/errors';

const STATUS_BY_CODE: Record<ErrorCode, number> = {
  [ERROR_CODES.badRequest]: 400,
  [ERROR_CODES.unauthorized]: 401,
  [ERROR_CODES.forbidden]: 403,
  [ERROR_CODES.notFound]: 404,
  [ERROR_CODES.conflict]: 409,
  [ERROR_CODES.gone]: 410,
  [ERROR_CODES.unprocessable]: 422,
  [ERROR_CODES.payloadTooLarge]: 413,
  [ERROR_CODES.unsupportedMediaType]: 415,
  [ERROR_CODES.tooManyRequests]: 429,
  [ERROR_CODES.badGateway]: 502,
  [ERROR_CODES.unavailable]: 503,
  [ERROR_CODES.internal]: 500,
};

/** The one error type use cases throw; the error handler turns it into `{message, code}`. */
export class AppError extends Error {
  readonly statusCode: number;
  constructor(
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
    /** A stable, finer reason sent beside `code` (e.g. PURCHASE_REFUSALS). */
    readonly reason?: string,
  ) {
    super(message);
    this.name = 'AppError';
    this.statusCode = STATUS_BY_CODE[code];
  }
}

export const notFound = (message = 'Not found') => new AppError(ERROR_CODES.notFound, message);
export const badRequest = (message: string) => new AppError(ERROR_CODES.badRequest, message);
export const conflict = (message: string) => new AppError(ERROR_CODES.conflict, message);

/**
 * A secret (password, buy code) did not check out. Answered like any AppError; the attempt guard
 * counts it against the caller's failure budgets (plugins/rate-limit.ts), and nothing else does.
 */
export class CredentialRejected extends AppError {}
