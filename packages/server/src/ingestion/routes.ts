import {
  boundedText,
  decimalCode,
  FIELD_LABELS,
  idParam,
  INPUT_LIMITS,
  stop,
  V,
} from '@pharmalytics/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import type { Database } from '../db/connection.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { recordContact } from './device-auth.ts';
import { ingestFile } from './ingest-file.ts';
import { recoverInterruptedLoads } from './interrupted-loads.ts';
import { FILE_CONTENT_TYPE, assertFileBody, deviceNameOf, fileNameOf } from './upload-headers.ts';
import {
  FILE_TOO_LARGE,
  MAX_UPLOAD_BYTES,
  STALE_INCOMING_MS,
  sweepIncomingFiles,
} from './upload-store.ts';
import { access } from '../access/access-policy.ts';

/**
 * 413, and the connection closes after it: the rest of the body is never read, so the socket
 * could not carry another request.
 */
function tooLarge(reply: FastifyReply): never {
  reply.header('connection', 'close');
  throw new HttpError(413, FILE_TOO_LARGE);
}

/** The uploader's API (HTTP Basic with the store's user name and key) and the upload history. */
export function ingestionRoutes(deps: {
  db: Database;
  dataDir: string;
  rateLimitPerMinute: number;
}): FastifyPluginAsyncZod {
  const { db, dataDir } = deps;
  return async (app) => {
    // Files of transfers cut off by a stopped server, now and from time to time.
    const sweep = () =>
      sweepIncomingFiles(dataDir).then(
        (removed) => removed > 0 && app.log.info({ removed }, 'removed unfinished upload files'),
        (error: unknown) => app.log.warn({ err: error }, 'could not sweep unfinished uploads'),
      );
    // Loads a stopped server left under way: failed in the history, their raw files removed.
    const recover = (olderThanMs: number) =>
      recoverInterruptedLoads(db, dataDir, olderThanMs).then(
        (failed) =>
          failed > 0 && app.log.warn({ failed }, 'interrupted upload loads marked failed'),
        (error: unknown) => app.log.warn({ err: error }, 'could not recover interrupted loads'),
      );
    await recover(0);
    await sweep();
    const sweeper = setInterval(() => {
      void sweep();
      void recover(STALE_INCOMING_MS);
    }, STALE_INCOMING_MS).unref();
    app.addHook('onClose', async () => clearInterval(sweeper));
    // Files arrive as a raw stream; it is written to disk as it comes, never held in memory.
    app.addContentTypeParser(FILE_CONTENT_TYPE, (_request, payload, done) => done(null, payload));

    // The access layer has authenticated the device; its last contact is noted here.
    const noteContact = async (request: FastifyRequest) => {
      await recordContact(db, request.device, deviceNameOf(request.headers['x-device-name']));
    };
    const rateLimit = { max: deps.rateLimitPerMinute, timeWindow: '1 minute' };

    app.post(
      '/uploader/v1/contact',
      {
        onRequest: noteContact,
        config: { access: access.device, rateLimit },
        schema: { tags: ['uploader'] },
      },
      async (request) => ({
        storeCode: request.device.storeCode,
        storeName: request.device.storeName,
      }),
    );

    app.post(
      '/uploader/v1/files',
      {
        onRequest: noteContact,
        bodyLimit: MAX_UPLOAD_BYTES,
        // Checked before the body is read.
        preParsing: async (request, reply) => {
          assertFileBody(request.headers['content-type']);
          fileNameOf(String(request.headers['x-file-name'] ?? ''));
          if (Number(request.headers['content-length']) > MAX_UPLOAD_BYTES) {
            tooLarge(reply);
          }
        },
        config: { access: access.device, rateLimit },
        schema: {
          tags: ['uploader'],
          headers: z
            .object({
              'x-file-name': boundedText({ label: FIELD_LABELS.fileName, max: 500 }).min(
                1,
                stop(V.namedRequired(FIELD_LABELS.fileName)),
              ),
            })
            .passthrough(),
        },
      },
      async (request, reply) => {
        const fileName = fileNameOf(request.headers['x-file-name'] as string);
        const result = await ingestFile(
          db,
          dataDir,
          request.device,
          fileName,
          request.body as Readable,
        ).catch((error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 413) tooLarge(reply);
          throw error;
        });
        return reply.code(result.status === 'failed' ? 422 : 200).send(result);
      },
    );

    const storeParams = z.object({
      storeCode: decimalCode(FIELD_LABELS.storeCode, INPUT_LIMITS.storeCodeDigits),
    });
    async function browsableStoreId(request: FastifyRequest, storeCode: string) {
      const store = await db
        .selectFrom('stores')
        .select('id')
        .where('corporation_id', '=', request.auth.corporationId)
        .where('store_code', '=', storeCode)
        .where('id', 'in', browsableStoreIds(db, request.auth, true))
        .executeTakeFirst();
      if (!store) throw notFound('store not found');
      return store.id;
    }

    /** Upload history of a store, newest first. */
    app.get(
      '/v3/branches/:storeCode/uploads',
      { config: { access: access.member }, schema: { tags: ['uploader'], params: storeParams } },
      async (request) => {
        const storeId = await browsableStoreId(request, request.params.storeCode);
        const rows = await db
          .selectFrom('uploads')
          .select([
            'id',
            'file_name',
            'format',
            'status',
            'prescriptions_loaded',
            'rows_refused',
            'message',
            'received_at',
            'size_bytes',
          ])
          .where('corporation_id', '=', request.auth.corporationId)
          .where('store_id', '=', storeId)
          .orderBy('received_at', 'desc')
          .orderBy('id', 'desc')
          .limit(100)
          .execute();
        const device = await db
          .selectFrom('client_devices')
          .select(({ fn }) => fn.max('last_contact_at').as('last'))
          .where('corporation_id', '=', request.auth.corporationId)
          .where('store_id', '=', storeId)
          .executeTakeFirst();
        return {
          lastContactAt: device?.last ? new Date(device.last).toISOString() : null,
          uploads: rows.map((r) => ({
            id: r.id,
            fileName: r.file_name,
            format: r.format,
            status: r.status,
            prescriptionsLoaded: r.prescriptions_loaded,
            rowsRefused: r.rows_refused,
            message: r.message,
            receivedAt: r.received_at.toISOString(),
            sizeBytes: r.size_bytes,
          })),
        };
      },
    );

    app.get(
      '/v3/branches/:storeCode/uploads/:uploadId/rejects',
      {
        config: { access: access.member },
        schema: {
          tags: ['uploader'],
          params: storeParams.extend({ uploadId: idParam(FIELD_LABELS.uploadId) }),
        },
      },
      async (request) => {
        const storeId = await browsableStoreId(request, request.params.storeCode);
        return db
          .selectFrom('upload_rejects as r')
          .innerJoin('uploads as u', (j) =>
            j.onRef('u.id', '=', 'r.upload_id').onRef('u.corporation_id', '=', 'r.corporation_id'),
          )
          .select(['r.line_no as lineNo', 'r.reason', 'r.raw'])
          .where('u.corporation_id', '=', request.auth.corporationId)
          .where('u.store_id', '=', storeId)
          .where('u.id', '=', request.params.uploadId)
          .orderBy('r.line_no')
          .limit(1000)
          .execute();
      },
    );
  };
}
