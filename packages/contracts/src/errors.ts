/** Machine-readable error codes carried in problem+json `code`. */
export const ErrorCode = {
  ValidationFailed: 'validation_failed',
  NotAuthenticated: 'not_authenticated',
  Forbidden: 'forbidden',
  OriginNotAllowed: 'origin_not_allowed',
  NotFound: 'not_found',
  Conflict: 'conflict',
  UsernameTaken: 'username_taken',
  EmailTaken: 'email_taken',
  InvalidCredentials: 'invalid_credentials',
  /** Sign-in refused: the account is suspended by a moderator (the detail says until when). */
  AccountSuspended: 'account_suspended',
  InUse: 'in_use',
  DatesUnavailable: 'dates_unavailable',
  InvalidState: 'invalid_state',
  InsufficientFunds: 'insufficient_funds',
  PaymentDeclined: 'payment_declined',
  /** The payment gateway refused to pay a withdrawal out to the bank account. */
  PayoutRefused: 'payout_refused',
  /** The payment gateway refused to refund card money to its card. */
  RefundRefused: 'refund_refused',
  /** An Idempotency-Key reused with a different request. */
  IdempotencyKeyReused: 'idempotency_key_reused',
  PayloadTooLarge: 'payload_too_large',
  UnsupportedMediaType: 'unsupported_media_type',
  RateLimited: 'rate_limited',
  /** A quota of the account is used up (for example the number of vehicles one user may list). */
  LimitReached: 'limit_reached',
  ServiceUnavailable: 'service_unavailable',
  /** The request took too long to arrive (an upload held its stored images past its limit). */
  RequestTimeout: 'request_timeout',
  /** /api/ready: the instance is still starting (the database or the search index). */
  NotReady: 'not_ready',
  Internal: 'internal_error',
} as const;
export type ErrorCode = (typeof ErrorCode)[keyof typeof ErrorCode];

/** The problem+json body every error answers with. */
export interface Problem {
  type: string;
  title: string;
  status: number;
  detail: string;
  code: ErrorCode;
  /** field -> messages, for validation failures */
  errors?: Record<string, string[]>;
}
