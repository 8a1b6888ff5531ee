import { ingestionContracts, type UploadHistory } from '@pharmalytics/domain';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { requireStore } from '../access/require.ts';
import type { Database } from '../db/connection.ts';
import { contractRoute } from '../http/contract-route.ts';
import { HttpError } from '../http/errors.ts';
import { lastContactOf, rejectRows, uploadRows } from './history-queries.ts';
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

    contractRoute(
      app,
      ingestionContracts.contact,
      { onRequest: noteContact, access: access.device, config: { rateLimit } },
      async (request) => ({
        storeCode: request.device.storeCode,
        storeName: request.device.storeName,
      }),
    );

    contractRoute(
      app,
      ingestionContracts.upload,
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
        access: access.device,
        config: { rateLimit },
      },
      async (request, reply) => {
        const fileName = fileNameOf(request.headers['x-file-name'] as string);
        const result = await ingestFile(
          db,
          dataDir,
          request.device,
          fileName,
          request.body as unknown as Readable,
          {
            onDeadlock: (attempt) =>
              request.log.warn({ fileName, attempt }, 'load chosen to break a deadlock; retried'),
          },
        ).catch((error: unknown) => {
          if (error instanceof HttpError && error.statusCode === 413) tooLarge(reply);
          throw error;
        });
        return reply.code(result.status === 'failed' ? 422 : 200).send(result);
      },
    );

    /** Upload history of a store, newest first. */
    contractRoute(app, ingestionContracts.history, { access: access.member }, async (request) => {
      const { auth } = request;
      const store = await requireStore(db, auth, request.params.storeCode, {
        includeInactive: true,
      });
      const [rows, lastContact] = await Promise.all([
        uploadRows(db, auth, store.id),
        lastContactOf(db, auth, store.id),
      ]);
      return {
        lastContactAt: lastContact ? lastContact.toISOString() : null,
        uploads: rows.map((r) => ({
          id: r.id,
          fileName: r.file_name,
          format: r.format as UploadHistory['uploads'][number]['format'],
          status: r.status,
          prescriptionsLoaded: r.prescriptions_loaded,
          rowsRefused: r.rows_refused,
          message: r.message,
          receivedAt: r.received_at.toISOString(),
          sizeBytes: r.size_bytes,
        })),
      };
    });

    contractRoute(app, ingestionContracts.rejects, { access: access.member }, async (request) => {
      const { auth } = request;
      const store = await requireStore(db, auth, request.params.storeCode, {
        includeInactive: true,
      });
      return rejectRows(db, auth, store.id, request.params.uploadId);
    });
  };
}
