import { ERROR_WIRE_MESSAGES, INPUT_MESSAGES, MESSAGES } from '@pharmalytics/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { AnalyticsBusy, CallAbandoned } from '../analytics/statement-queue.ts';
import { isStatementTimeout } from '../db/statement-timeout.ts';
import { HttpError } from './errors.ts';
import { useJapaneseValidationMessages, VALIDATION_ERROR } from './validation.ts';

/** Fastify's own refusals of a request it cannot read, in Japanese. */
const REQUEST_ERRORS = new Map<string, string>([
  ['FST_ERR_CTP_INVALID_MEDIA_TYPE', INPUT_MESSAGES.unsupportedContentType],
  ['FST_ERR_CTP_INVALID_JSON_BODY', INPUT_MESSAGES.invalidJson],
  ['FST_ERR_CTP_EMPTY_JSON_BODY', INPUT_MESSAGES.emptyBody],
  ['FST_ERR_CTP_INVALID_CONTENT_LENGTH', INPUT_MESSAGES.contentLengthMismatch],
  ['FST_ERR_CTP_BODY_TOO_LARGE', INPUT_MESSAGES.bodyTooLarge],
  ['FST_ERR_BAD_URL', INPUT_MESSAGES.invalidUrl],
]);

/** Every error leaves as JSON {statusCode, message, type?}; details of 500s stay in the log. */
export function installErrorHandler(app: FastifyInstance) {
  useJapaneseValidationMessages();
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
    if (error instanceof AnalyticsBusy) {
      reply.header('retry-after', String(error.retryAfterSeconds));
    }
    if (error instanceof HttpError) {
      return reply.code(error.statusCode).send({
        statusCode: error.statusCode,
        message: error.message,
        type: error.type,
        errors: error.errors,
      });
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(400).send({
        statusCode: 400,
        message: VALIDATION_ERROR,
        errors: error.validation.map((v) => ({
          path: v.instancePath.replace(/^\//, '').replaceAll('/', '.'),
          message: v.message,
        })),
      });
    }
    if (error.code?.startsWith('FST_CSRF')) {
      return reply
        .code(403)
        .send({ statusCode: 403, message: ERROR_WIRE_MESSAGES.invalidCsrfToken });
    }
    if (isStatementTimeout(error)) {
      // A statement ran past DATABASE_STATEMENT_TIMEOUT_MS and was stopped; it changed nothing.
      request.log.warn({ err: error }, 'database statement timed out');
      return reply.code(503).send({ statusCode: 503, message: MESSAGES.statementTimeout });
    }
    if (error instanceof CallAbandoned) {
      // The client closed the call before its answer; nobody reads this one.
      request.log.info('analytics call dropped: its client has gone');
      return reply.code(503).send({ statusCode: 503, message: MESSAGES.analyticsBusy });
    }
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ statusCode: 500, message: 'internal server error' });
    }
    const message = (error.code && REQUEST_ERRORS.get(error.code)) ?? error.message;
    return reply.code(statusCode).send({ statusCode, message });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      statusCode: 404,
      message: `no route for ${request.method} ${request.url.split('?')[0]}`,
    }),
  );
}
