import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '../../shared/api-error.js';
import { isDatabaseUnavailable } from '../db/errors.js';

/** Seconds a client should wait before retrying while the database or the image store is away. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 5;

/**
 * An expected failure with a status and a message safe to show the user. Commands throw these;
 * the error handler turns them into the one JSON error shape the client's request helper reads.
 */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
    /** Field-level problems, as a validation failure reports them. */
    readonly issues?: ApiErrorBody['issues'],
    /** The underlying failure, logged (through loggableError) but never sent. */
    options?: { cause?: unknown },
  ) {
    super(message, options);
    this.name = 'HttpError';
  }
}

/** One error shape for every API failure: { message, code?, issues? }. */
export const errorsPlugin = fp(
  async (app: FastifyInstance) => {
    app.setErrorHandler((error: FastifyError | HttpError | ZodError, request, reply) => {
      let status = 500;
      let body: ApiErrorBody = { message: 'Internal Server Error' };
      if (error instanceof HttpError) {
        status = error.statusCode;
        body = {
          message: error.message,
          ...(error.code ? { code: error.code } : {}),
          ...(error.issues ? { issues: error.issues } : {}),
        };
        // Every 503 says when to come back (routes with their own figure set it first).
        if (status === 503 && !reply.hasHeader('retry-after')) {
          reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
        }
      } else if (error instanceof ZodError) {
        status = 400;
        body = {
          message: 'Invalid request',
          code: 'validation_failed',
          issues: error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
        };
      } else if (isDatabaseUnavailable(error)) {
        // The database restarted or is unreachable: a temporary condition the client can retry,
        // not a bug. The pool replaces dead connections, so the next request usually succeeds.
        status = 503;
        body = {
          message: 'The database is unavailable right now. Please try again in a few seconds.',
          code: 'database_unavailable',
        };
        reply.header('Retry-After', String(UNAVAILABLE_RETRY_AFTER_SECONDS));
      } else if (typeof error.statusCode === 'number' && error.statusCode >= 400 && error.statusCode < 500) {
        // Fastify's own client errors (bad JSON, body too large, unsupported media type) are safe to echo.
        status = error.statusCode;
        body = { message: error.message, ...(error.code ? { code: error.code } : {}) };
      }
      if (status >= 500) request.log.error({ err: error }, 'request failed');
      return reply.status(status).type('application/json; charset=utf-8').send(body);
    });
  },
  { name: 'errors' },
);
