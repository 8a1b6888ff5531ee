import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { Readable } from 'node:stream';
import { z } from 'zod';
import { browsableStoreIds } from '../access/browsable-stores.ts';
import type { Database } from '../db/connection.ts';
import { HttpError, notFound } from '../http/errors.ts';
import { authenticateDevice, recordContact, type DeviceIdentity } from './device-auth.ts';
import { ingestFile } from './ingest-file.ts';
import { MAX_UPLOAD_BYTES } from './upload-store.ts';

export const INVALID_DEVICE_CREDENTIALS = 'invalid device credentials';
const DEFAULT_DEVICE_NAME = 'アップローダー';

declare module 'fastify' {
  interface FastifyRequest {
    device: DeviceIdentity;
  }
}

/** The uploader's API (HTTP Basic with the store's user name and key) and the upload history. */
export function ingestionRoutes(deps: {
  db: Database;
  dataDir: string;
  rateLimitPerMinute: number;
}): FastifyPluginAsyncZod {
  const { db, dataDir } = deps;
  return async (app) => {
    app.decorateRequest('device', null as never);
    // Files arrive as a raw stream; it is written to disk as it comes, never held in memory.
    app.addContentTypeParser('application/octet-stream', (_request, payload, done) =>
      done(null, payload),
    );

    /** A URL-encoded header value; undecodable input is taken as it came. */
    const decoded = (value: string) => {
      try {
        return decodeURIComponent(value);
      } catch {
        return value;
      }
    };
    const deviceName = (header: string | string[] | undefined) =>
      typeof header === 'string' && header.trim()
        ? decoded(header).slice(0, 100)
        : DEFAULT_DEVICE_NAME;

    const requireDevice = async (request: FastifyRequest) => {
      const device = await authenticateDevice(db, request.headers.authorization);
      if (!device) throw new HttpError(401, INVALID_DEVICE_CREDENTIALS);
      request.device = device;
      await recordContact(db, device, deviceName(request.headers['x-device-name']));
    };
    const rateLimit = { max: deps.rateLimitPerMinute, timeWindow: '1 minute' };

    app.post(
      '/uploader/v1/contact',
      { onRequest: requireDevice, config: { rateLimit }, schema: { tags: ['uploader'] } },
      async (request) => ({
        storeCode: request.device.storeCode,
        storeName: request.device.storeName,
      }),
    );

    app.post(
      '/uploader/v1/files',
      {
        onRequest: requireDevice,
        bodyLimit: MAX_UPLOAD_BYTES,
        config: { rateLimit },
        schema: {
          tags: ['uploader'],
          headers: z.object({ 'x-file-name': z.string().min(1).max(500) }).passthrough(),
        },
      },
      async (request, reply) => {
        const fileName = decoded(request.headers['x-file-name'] as string);
        const result = await ingestFile(
          db,
          dataDir,
          request.device,
          fileName,
          request.body as Readable,
        );
        return reply.code(result.status === 'failed' ? 422 : 200).send(result);
      },
    );

    const storeParams = z.object({ storeCode: z.string().regex(/^\d{1,10}$/) });
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
      { onRequest: app.requireMember, schema: { tags: ['uploader'], params: storeParams } },
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
        onRequest: app.requireMember,
        schema: {
          tags: ['uploader'],
          params: storeParams.extend({ uploadId: z.coerce.number().int().positive() }),
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
