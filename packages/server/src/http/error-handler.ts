import { ERROR_WIRE_MESSAGES } from '@pharmalytics/domain';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from './errors.ts';
import { VALIDATION_ERROR } from './validation.ts';

/** Every error leaves as JSON {statusCode, message, type?}; details of 500s stay in the log. */
export function installErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | HttpError, request, reply) => {
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
    const statusCode = error.statusCode ?? 500;
    if (statusCode >= 500) {
      request.log.error({ err: error }, 'request failed');
      return reply.code(500).send({ statusCode: 500, message: 'internal server error' });
    }
    return reply.code(statusCode).send({ statusCode, message: error.message });
  });

  app.setNotFoundHandler((request, reply) =>
    reply.code(404).send({
      statusCode: 404,
      message: `no route for ${request.method} ${request.url.split('?')[0]}`,
    }),
  );
}
