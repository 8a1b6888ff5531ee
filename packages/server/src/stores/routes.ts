import { recordFactsChange } from '../analytics/data-version.ts';
import {
  boundedText,
  ERROR_WIRE_MESSAGES,
  FIELD_LABELS,
  idParam,
  storeCodeParamsSchema,
  storeDeleteSchema,
  storeFormSchema,
} from '@pharmalytics/domain';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'kysely';
import { z } from 'zod';
import type { AuthContext } from '../access/auth-context.ts';
import type { Database } from '../db/connection.ts';
import { townGeocoder } from '../geocoding/town-geocoder.ts';
import { badRequest, forbidden, notFound } from '../http/errors.ts';
import type { IdentityService } from '../identity/service.ts';
import { roleView, USER_ROLE_ID } from '../members/member-view.ts';
import type { SecretBox } from '../tokens/secret-box.ts';
import { createDeviceUser } from './device-users.ts';
import { noteSharedCode } from './shared-insurance-codes.ts';
import { browsableStoreRows, toStoreViewFor } from './store-queries.ts';
import { access } from '../access/access-policy.ts';

const storeBody = storeFormSchema.extend({
  latitude: z.number().min(-90).max(90).nullable().optional(),
  longitude: z.number().min(-180).max(180).nullable().optional(),
  // The composed address the form shows; the columns above are what is stored.
  address: boundedText({ label: FIELD_LABELS.address }).optional(),
});
type StoreBody = z.infer<typeof storeBody>;

const orNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

export function storeRoutes(deps: {
  db: Database;
  box: SecretBox;
  identity: IdentityService;
}): FastifyPluginAsyncZod {
  const { db, box, identity } = deps;

  async function findStore(auth: AuthContext, storeCode: string, includeInactive = false) {
    const row = await browsableStoreRows(db, auth, includeInactive)
      .where('s.store_code', '=', storeCode)
      .executeTakeFirst();
    if (!row) throw notFound('store not found');
    return row;
  }

  /**
   * The spec's 400s: the same name or insurance pharmacy code as another active store of the
   * corporation. A code that another corporation's store holds is accepted as a fresh one would
   * be, so that the answer tells nothing about other customers (see shared-insurance-codes.ts).
   */
  async function assertUnique(auth: AuthContext, body: StoreBody, exceptId?: number) {
    const clash = (column: 'name' | 'insurance_institution_code', value: string | null) => {
      if (!value) return Promise.resolve(undefined);
      let query = db
        .selectFrom('stores')
        .select('id')
        .where('corporation_id', '=', auth.corporationId)
        .where('contract_status', '=', 'active')
        .where(column, '=', value);
      if (exceptId) query = query.where('id', '!=', exceptId);
      return query.executeTakeFirst();
    };
    if (await clash('name', body.name.trim()))
      throw badRequest(ERROR_WIRE_MESSAGES.storeNameUnique);
    if (await clash('insurance_institution_code', orNull(body.insuranceInstitutionCode))) {
      throw badRequest(ERROR_WIRE_MESSAGES.insuranceInstitutionCodeUnique);
    }
  }

  /** The same 400s when a concurrent request took the name or code after the check above. */
  function uniqueClash(error: unknown): never {
    const { code, constraint } = (error ?? {}) as { code?: string; constraint?: string };
    if (code === '23505' && constraint === 'stores_active_name_idx') {
      throw badRequest(ERROR_WIRE_MESSAGES.storeNameUnique);
    }
    if (code === '23505' && constraint === 'stores_active_insurance_code_idx') {
      throw badRequest(ERROR_WIRE_MESSAGES.insuranceInstitutionCodeUnique);
    }
    throw error;
  }

  /** Column values of a store; coordinates from the form's pin, else from the address. */
  async function storeColumns(body: StoreBody) {
    const prefecture = await db
      .selectFrom('prefectures')
      .select('name')
      .where('id', '=', body.prefectureId)
      .executeTakeFirst();
    if (!prefecture) throw badRequest('unknown prefecture');
    const pinned = body.latitude != null && body.longitude != null;
    const geocoded = pinned
      ? { latitude: body.latitude!, longitude: body.longitude!, level: 'pin' }
      : townGeocoder().geocode(prefecture.name, body.city ?? '', body.block ?? '');
    return {
      name: body.name.trim(),
      prefecture_id: body.prefectureId,
      zip_code: orNull(body.zipCode),
      city: orNull(body.city),
      block: orNull(body.block),
      building_name: orNull(body.buildingName),
      insurance_institution_code: orNull(body.insuranceInstitutionCode),
      management_pharmacist_name: orNull(body.managementPharmacistName),
      tel: orNull(body.tel),
      latitude: geocoded.latitude,
      longitude: geocoded.longitude,
      geocode_level: geocoded.level,
      updated_at: new Date(),
    };
  }

  return async (app) => {
    /** Stores the caller may see; active ones unless includeInactive=true. */
    app.get(
      '/v3/branches',
      {
        config: { access: access.member },
        schema: {
          tags: ['stores'],
          querystring: z.object({ includeInactive: z.stringbool().default(false) }),
        },
      },
      async (request) => {
        const rows = await browsableStoreRows(
          db,
          request.auth,
          request.query.includeInactive,
        ).execute();
        return rows.map(toStoreViewFor(request.auth, box));
      },
    );

    /** Active stores whose uploader has not contacted the service yet. */
    app.get(
      '/v3/branches/check_setups',
      { config: { access: access.member }, schema: { tags: ['stores'] } },
      async (request) => {
        const rows = await browsableStoreRows(db, request.auth).execute();
        return { count: rows.filter((r) => !r.connected).length };
      },
    );

    app.get(
      '/v3/branches/:storeCode',
      {
        config: { access: access.member },
        schema: { tags: ['stores'], params: storeCodeParamsSchema },
      },
      async (request) =>
        toStoreViewFor(request.auth, box)(await findStore(request.auth, request.params.storeCode)),
    );

    app.post(
      '/v3/branches',
      { config: { access: access.admin }, schema: { tags: ['stores'], body: storeBody } },
      async (request, reply) => {
        const { auth } = request;
        await assertUnique(auth, request.body);
        const columns = await storeColumns(request.body);
        const created = db.transaction().execute(async (trx) => {
          const store = await trx
            .insertInto('stores')
            .values({
              ...columns,
              corporation_id: auth.corporationId,
              store_code: sql<string>`nextval('store_code_seq')::text`,
            })
            .returning(['id', 'store_code'])
            .executeTakeFirstOrThrow();
          await createDeviceUser(trx, box, {
            corporationId: auth.corporationId,
            id: store.id,
            storeCode: store.store_code,
          });
          return store.store_code;
        });
        const storeCode = await created.catch(uniqueClash);
        await noteSharedCode(db, request.log, auth.corporationId, storeCode);
        return reply.code(201).send(toStoreViewFor(auth, box)(await findStore(auth, storeCode)));
      },
    );

    app.put(
      '/v3/branches/:storeCode',
      {
        config: { access: access.admin },
        schema: { tags: ['stores'], params: storeCodeParamsSchema, body: storeBody },
      },
      async (request) => {
        const { auth } = request;
        const store = await findStore(auth, request.params.storeCode);
        await assertUnique(auth, request.body, store.id);
        const columns = await storeColumns(request.body);
        // A store's name shows in analytics: the change is logged with it (data-version.ts).
        await db
          .transaction()
          .execute(async (trx) => {
            await trx
              .updateTable('stores')
              .set(columns)
              .where('corporation_id', '=', auth.corporationId)
              .where('id', '=', store.id)
              .execute();
            await recordFactsChange(trx, { corporationId: auth.corporationId });
          })
          .catch(uniqueClash);
        await noteSharedCode(db, request.log, auth.corporationId, store.store_code);
        return toStoreViewFor(auth, box)(await findStore(auth, store.store_code));
      },
    );

    /**
     * Ends a store's contract after the caller confirms with its password. The store leaves every
     * list, but its dispensing history stays in the database.
     */
    app.delete(
      '/v3/branches/:storeCode',
      {
        config: { access: access.admin },
        schema: { tags: ['stores'], params: storeCodeParamsSchema, body: storeDeleteSchema },
      },
      async (request, reply) => {
        const { auth } = request;
        const store = await findStore(auth, request.params.storeCode);
        const me = await db
          .selectFrom('members')
          .select('email')
          .where('id', '=', auth.memberId)
          .executeTakeFirstOrThrow();
        const check = await identity.signIn(me.email, request.body.password);
        if (!check.ok) throw forbidden('invalid password');
        await db
          .updateTable('stores')
          .set({ contract_status: 'inactive', updated_at: new Date() })
          .where('corporation_id', '=', auth.corporationId)
          .where('id', '=', store.id)
          .execute();
        await db
          .deleteFrom('member_browsable_stores')
          .where('corporation_id', '=', auth.corporationId)
          .where('store_id', '=', store.id)
          .execute();
        return reply.code(204).send();
      },
    );

    /** Members who can see the store: every admin, and the user-role members assigned to it. */
    app.get(
      '/v3/branches/:storeCode/members',
      {
        config: { access: access.member },
        schema: { tags: ['stores'], params: storeCodeParamsSchema },
      },
      async (request) => {
        const { auth } = request;
        const store = await findStore(auth, request.params.storeCode);
        const rows = await db
          .selectFrom('members as m')
          .select(['m.id', 'm.public_name', 'm.email', 'm.role_id'])
          .where('m.corporation_id', '=', auth.corporationId)
          .where((eb) =>
            eb.or([
              eb('m.role_id', '!=', USER_ROLE_ID),
              eb.exists(
                eb
                  .selectFrom('member_browsable_stores as b')
                  .whereRef('b.member_id', '=', 'm.id')
                  .where('b.store_id', '=', store.id),
              ),
            ]),
          )
          .orderBy('m.role_id')
          .orderBy('m.id')
          .execute();
        return rows.map((r) => ({
          id: r.id,
          publicName: r.public_name,
          email: r.email,
          systemRole: roleView(r.role_id),
        }));
      },
    );

    /** Takes a user-role member off the store (admins see every store and cannot be removed). */
    app.delete(
      '/v3/branches/:storeCode/members/:memberId',
      {
        config: { access: access.admin },
        schema: {
          tags: ['stores'],
          params: storeCodeParamsSchema.extend({ memberId: idParam(FIELD_LABELS.memberId) }),
        },
      },
      async (request, reply) => {
        const { auth } = request;
        const store = await findStore(auth, request.params.storeCode);
        const member = await db
          .selectFrom('members')
          .select('role_id')
          .where('corporation_id', '=', auth.corporationId)
          .where('id', '=', request.params.memberId)
          .executeTakeFirst();
        if (!member) throw notFound('member not found');
        if (member.role_id !== USER_ROLE_ID)
          throw forbidden('only user-role members can be removed');
        await db
          .deleteFrom('member_browsable_stores')
          .where('corporation_id', '=', auth.corporationId)
          .where('member_id', '=', request.params.memberId)
          .where('store_id', '=', store.id)
          .execute();
        return reply.code(204).send();
      },
    );
  };
}
