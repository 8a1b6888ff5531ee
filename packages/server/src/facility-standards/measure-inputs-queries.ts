import type { BuildingKind } from '@pharmalytics/domain';
import type { BuildingOf, OutsideFigure } from '../analytics/facility-measures.ts';
import type { Database } from '../db/connection.ts';

/** Medical institutions of one building or 医療モール, counted as one by the 集中率. */
export interface SameBuildingGroup {
  id: number;
  name: string;
  kind: BuildingKind;
  /** 医療機関コード, in code order. */
  institutionCodes: string[];
}

/** The corporation's buildings, by name. */
export async function listSameBuildingGroups(
  db: Database,
  corporationId: number,
): Promise<SameBuildingGroup[]> {
  const [groups, members] = await Promise.all([
    db
      .selectFrom('same_building_groups')
      .select(['id', 'name', 'kind'])
      .where('corporation_id', '=', corporationId)
      .orderBy('name')
      .execute(),
    db
      .selectFrom('same_building_institutions')
      .select(['group_id', 'institution_code'])
      .where('corporation_id', '=', corporationId)
      .orderBy('institution_code')
      .execute(),
  ]);
  return groups.map((g) => ({
    id: g.id,
    name: g.name,
    kind: g.kind,
    institutionCodes: members.filter((m) => m.group_id === g.id).map((m) => m.institution_code),
  }));
}

/**
 * Writes a building: a new one, or the one of that name with its institutions replaced. An
 * institution already in another building of the corporation moves to this one.
 */
export async function saveSameBuildingGroup(
  db: Database,
  corporationId: number,
  group: { name: string; kind?: BuildingKind; institutionCodes: readonly string[] },
): Promise<number> {
  const codes = [...new Set(group.institutionCodes)];
  return db.transaction().execute(async (trx) => {
    const { id } = await trx
      .insertInto('same_building_groups')
      .values({ corporation_id: corporationId, name: group.name, kind: group.kind ?? 'building' })
      .onConflict((oc) =>
        oc
          .columns(['corporation_id', 'name'])
          .doUpdateSet({ name: group.name, kind: group.kind ?? 'building' }),
      )
      .returning('id')
      .executeTakeFirstOrThrow();
    await trx
      .deleteFrom('same_building_institutions')
      .where('corporation_id', '=', corporationId)
      .where((eb) =>
        codes.length > 0
          ? eb.or([eb('group_id', '=', id), eb('institution_code', 'in', codes)])
          : eb('group_id', '=', id),
      )
      .execute();
    if (codes.length > 0) {
      await trx
        .insertInto('same_building_institutions')
        .values(
          codes.map((code) => ({
            corporation_id: corporationId,
            group_id: id,
            institution_code: code,
          })),
        )
        .execute();
    }
    return id;
  });
}

/** Removes a building; its institutions count on their own again. Whether there was one. */
export async function deleteSameBuildingGroup(
  db: Database,
  corporationId: number,
  id: number,
): Promise<boolean> {
  const result = await db
    .deleteFrom('same_building_groups')
    .where('corporation_id', '=', corporationId)
    .where('id', '=', id)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}

/** The corporation's buildings as the engine takes them: institution code → building. */
export async function buildingsOf(db: Database, corporationId: number): Promise<BuildingOf> {
  const groups = await listSameBuildingGroups(db, corporationId);
  return new Map(
    groups.flatMap((g) =>
      g.institutionCodes.map((code) => [code, { key: `building:${g.id}`, name: g.name }] as const),
    ),
  );
}

/** The figures entered for the group's stores outside the service, oldest first. */
export async function listGroupOutsideStores(
  db: Database,
  corporationId: number,
): Promise<OutsideFigure[]> {
  const rows = await db
    .selectFrom('group_outside_stores')
    .select(['effective_month', 'receptions_per_month', 'store_count'])
    .where('corporation_id', '=', corporationId)
    .orderBy('effective_month')
    .execute();
  return rows.map((r) => ({
    effectiveMonth: String(r.effective_month).slice(0, 7),
    receptionsPerMonth: r.receptions_per_month,
    storeCount: r.store_count,
  }));
}

/** Writes the outside figure from a month (`yyyy-MM`) on, replacing one of the same month. */
export async function saveGroupOutsideStores(
  db: Database,
  corporationId: number,
  figure: OutsideFigure,
): Promise<void> {
  const values = {
    receptions_per_month: figure.receptionsPerMonth,
    store_count: figure.storeCount,
  };
  await db
    .insertInto('group_outside_stores')
    .values({
      corporation_id: corporationId,
      effective_month: `${figure.effectiveMonth}-01`,
      ...values,
    })
    .onConflict((oc) => oc.columns(['corporation_id', 'effective_month']).doUpdateSet(values))
    .execute();
}

/** Removes the outside figure of a month. Whether there was one. */
export async function deleteGroupOutsideStores(
  db: Database,
  corporationId: number,
  effectiveMonth: string,
): Promise<boolean> {
  const result = await db
    .deleteFrom('group_outside_stores')
    .where('corporation_id', '=', corporationId)
    .where('effective_month', '=', `${effectiveMonth}-01`)
    .executeTakeFirst();
  return result.numDeletedRows > 0n;
}
