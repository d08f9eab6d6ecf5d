import { ErrorCode } from '@rentdrive/contracts/errors';

/** The one error type services throw; the error handler turns it into problem+json. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    readonly detail: string,
    readonly errors?: Record<string, string[]>,
  ) {
    super(detail);
    this.name = 'AppError';
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
