import { ErrorCode } from '@rentdrive/contracts/errors';

/**
 * A detail with values in it ('This vehicle type is used by 3 vehicles'): its message id in the api
 * catalogue and the values, so the error handler can write it in the request's language (issue 24).
 * `detail` stays the English text, as sent to a client that asks for no language.
 */
export interface DetailMessage {
  id: string;
  values: Record<string, string | number>;
}

/** The one error type services throw; the error handler turns it into problem+json. */
export class AppError extends Error {
  /** Set by `withMessage` for a detail with values in it. */
  detailMessage?: DetailMessage;

  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail);
    this.name = 'AppError';
  }

  /** The detail's message id and values, for its translation (the English `detail` is unchanged). */
  withMessage(id: string, values: Record<string, string | number>): this {
    this.detailMessage = { id, values };
    return this;
  }

  static validation(detail: string, errors?: Record<string, string[]>): AppError {
    return new AppError(400, ErrorCode.ValidationFailed, detail, errors);
  }
  static unauthenticated(detail = 'You need to sign in to do this.'): AppError {
    return new AppError(401, ErrorCode.NotAuthenticated, detail);
  }
  static forbidden(detail = 'You are not allowed to do this.'): AppError {
    return new AppError(403, ErrorCode.Forbidden, detail);
  }
  static notFound(detail = 'Not found.'): AppError {
    return new AppError(404, ErrorCode.NotFound, detail);
  }
  static conflict(detail: string, code: ErrorCode = ErrorCode.Conflict): AppError {
    return new AppError(409, code, detail);
  }
  static unprocessable(detail: string, code: ErrorCode): AppError {
    return new AppError(422, code, detail);
  }
  /** 503: a part the request needs (the database, the search index) cannot answer right now. */
  static unavailable(detail: string): AppError {
    return new AppError(503, ErrorCode.ServiceUnavailable, detail);
  }
}
