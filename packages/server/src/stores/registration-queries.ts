import { ERROR_WIRE_MESSAGES, type StoreBody } from '@pharmalytics/domain';
import type { AuthContext } from '../access/auth-context.ts';
import type { Database } from '../db/connection.ts';
import { townGeocoder } from '../geocoding/town-geocoder.ts';
import { badRequest } from '../http/errors.ts';

const orNull = (value: string | undefined) => (value?.trim() ? value.trim() : null);

/** The checks of a store's registration and edit (unique names and codes) and its columns. */
export function storeRules(db: Database) {
  /**
   * The spec's 400s: the same name or insurance pharmacy code as another active store of the
   * corporation. A code that another corporation's store holds is accepted as a fresh one would
   * be, so that the answer tells nothing about other customers (see shared-code-queries.ts).
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

  return { assertUnique, uniqueClash, storeColumns };
}

export type StoreColumns = Awaited<ReturnType<ReturnType<typeof storeRules>['storeColumns']>>;
