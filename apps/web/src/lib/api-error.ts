/** The error of a refused API call, apart from api-client.ts so that api-contract.ts can extend it without a cycle. */
export type FieldErrors = Record<string, string[]>;

export class ApiError extends Error {
  readonly status: number;
  readonly detail: string;
  readonly code: string | undefined;
  readonly fieldErrors: FieldErrors;
  /** The parsed JSON body, or the raw text when it was not JSON (spec: 'the server body is kept'). */
  readonly body: unknown;

  constructor(init: { status: number; detail: string; code?: string; fieldErrors?: FieldErrors; body?: unknown }) {
    super(init.detail);
    this.name = 'ApiError';
    this.status = init.status;
    this.detail = init.detail;
    this.code = init.code;
    this.fieldErrors = init.fieldErrors ?? {};
    this.body = init.body;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/** A readable message for any thrown value (ApiError detail, Error message, or a fallback). */
export function errorMessage(
  error: unknown,
  fallback = 'Something went wrong while processing your request. Please try again later.',
): string {
  if (error instanceof ApiError) return error.detail;
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
