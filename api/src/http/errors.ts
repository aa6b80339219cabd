import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { ApiError, ApiErrorIssue } from 'shared-contracts/errors';
import {
  DATABASE_RETRY_AFTER_SECONDS,
  DATABASE_UNAVAILABLE_MESSAGE,
  isDatabaseUnavailable,
} from '../db/unavailable.ts';

/**
 * An error whose message is meant for the person using the app (the pages show the server's
 * message as is). Throw it from services and routes; the error handler turns it into the
 * `{ message, issues? }` body (docs/product.md, "API conventions").
 */
export class HttpError extends Error {
  override name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly issues?: ApiErrorIssue[],
  ) {
    super(message);
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string, issues?: ApiErrorIssue[]) {
    super(400, message, issues);
  }
}

export class UnauthorizedError extends HttpError {
  constructor(message = 'Authentication required') {
    super(401, message);
  }
}

export class ForbiddenError extends HttpError {
  constructor(message = 'You do not have access to this resource') {
    super(403, message);
  }
}

/** Also for resources that exist but belong to someone else: they must not be told apart. */
export class NotFoundError extends HttpError {
  constructor(message = 'Not found') {
    super(404, message);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string, issues?: ApiErrorIssue[]) {
    super(409, message, issues);
  }
}

export const INTERNAL_ERROR_MESSAGE = 'Something went wrong on our side. Please try again.';

/** `/items/0/name` (what the zod provider reports) → `items.0.name`. */
function toDottedPath(instancePath: string): string {
  return instancePath.split('/').filter(Boolean).join('.');
}

/**
 * Zod's built-in type messages ("Invalid input: expected string, received undefined") do not say
 * which field they are about; schemas with their own messages (the forms') are left alone.
 */
function readableIssueMessage(issue: ApiErrorIssue): string {
  if (!issue.path || !issue.message.startsWith('Invalid input')) return issue.message;
  if (/received undefined$/.test(issue.message)) return `${issue.path} is required`;
  return `${issue.path}: ${issue.message}`;
}

export function toApiError(error: FastifyError | Error): {
  statusCode: number;
  body: ApiError;
  /** Seconds for `Retry-After`: the failure is temporary. */
  retryAfter?: number;
} {
  if (hasZodFastifySchemaValidationErrors(error)) {
    const issues = error.validation.map((item) => ({
      path: toDottedPath(item.instancePath),
      message: item.message ?? 'Invalid value',
    }));
    const first = issues[0];
    return {
      statusCode: 400,
      body: { message: first ? readableIssueMessage(first) : 'Invalid request', issues },
    };
  }
  if (error instanceof HttpError) {
    return {
      statusCode: error.statusCode,
      body: error.issues
        ? { message: error.message, issues: error.issues }
        : { message: error.message },
    };
  }
  if (isDatabaseUnavailable(error)) {
    return {
      statusCode: 503,
      body: { message: DATABASE_UNAVAILABLE_MESSAGE },
      retryAfter: DATABASE_RETRY_AFTER_SECONDS,
    };
  }
  const statusCode = (error as FastifyError).statusCode;
  if (statusCode !== undefined && statusCode >= 400 && statusCode < 500) {
    return { statusCode, body: { message: clientErrorMessage(error as FastifyError) } };
  }
  return { statusCode: 500, body: { message: INTERNAL_ERROR_MESSAGE } };
}

function clientErrorMessage(error: FastifyError): string {
  switch (error.code) {
    case 'FST_ERR_CTP_INVALID_JSON_BODY':
      return 'The request body is not valid JSON';
    case 'FST_ERR_CTP_EMPTY_JSON_BODY':
      return 'The request body is empty but its content type is application/json';
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return 'Unsupported content type; send JSON with Content-Type: application/json';
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return 'The request body is too large';
    default:
      // Fastify's JSON parser reports syntax errors as a 400 SyntaxError with the parser's text.
      if (error.name === 'SyntaxError') return 'The request body is not valid JSON';
      return error.message;
  }
}

export function errorHandler(
  error: FastifyError,
  request: FastifyRequest,
  reply: FastifyReply,
): FastifyReply {
  const { statusCode, body, retryAfter } = toApiError(error);
  if (retryAfter !== undefined) {
    // Expected while the database is away: one line, no stack, and the client is told when to
    // come back.
    request.log.warn({ err: { message: error.message } }, 'database unavailable');
    reply.header('retry-after', String(retryAfter));
  } else if (statusCode >= 500) {
    // The full error stays in the log; the client only learns that it was our fault.
    request.log.error({ err: error }, 'request failed');
  } else {
    request.log.info({ statusCode, message: body.message }, 'request rejected');
  }
  return reply.code(statusCode).type('application/json; charset=utf-8').send(body);
}
