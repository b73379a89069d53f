import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import type { ApiErrorBody } from '../../shared/api-error.js';

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
  ) {
    super(message);
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
      } else if (error instanceof ZodError) {
        status = 400;
        body = {
          message: 'Invalid request',
          code: 'validation_failed',
          issues: error.issues.map((issue) => ({ path: issue.path.join('.'), message: issue.message })),
        };
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
