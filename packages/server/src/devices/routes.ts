import { deviceContracts } from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { access } from '../access/access-policy.ts';
import type { Database } from '../db/connection.ts';
import { contractRoute } from '../http/contract-route.ts';
import { clientDeviceRows } from './queries.ts';

export function deviceRoutes({ db }: { db: Database }): FastifyPluginAsyncZod {
  return async (app) => {
    /** Uploader installations that have contacted the service, for the caller's stores. */
    contractRoute(app, deviceContracts.list, { access: access.member }, async (request) => {
      const rows = await clientDeviceRows(db, request.auth);
      return rows.map((r) => ({
        deviceId: r.id,
        name: r.name,
        storeCode: r.store_code,
        lastContactAt: r.last_contact_at.toISOString(),
      }));
    });
  };
}
