import { sql } from 'kysely';
import type { Database } from './connection.ts';

/**
 * Where every table lives on a Citus cluster (docs/scaling.md). One list: `npm run db:distribute`
 * applies it, and distribution.test.ts fails when the migrated schema and this list disagree.
 */
export const TABLE_PLACEMENT = {
  /**
   * Distributed by `corporation_id` and colocated: a corporation's rows of every one of these
   * tables live in one shard group on one worker.
   */
  tenant: [
    'stores',
    'client_devices',
    'device_users',
    'invitations',
    'member_browsable_stores',
    'uploads',
    'upload_rejects',
    'upload_loads',
    'patients',
    'medical_institutions',
    'doctors',
    'clinical_departments',
    'pharmacists',
    'prescriptions',
    'fee_items',
    'prescription_fee_lines',
    'prescription_medicines',
    'prescription_materials',
    'analytics_data_versions',
    'analytics_changes',
    'same_building_groups',
    'same_building_institutions',
    'group_outside_stores',
    'store_facility_facts',
    'facility_alert_settings',
    'facility_alert_dismissals',
    'prescriber_notice_dismissals',
  ],
  /**
   * Keys unique across corporations, each naming the corporation that holds it; a request that
   * names one (an uploader's user name, an invitation link) finds its corporation here. Written in
   * the transaction of the tenant row, copied to every worker as reference tables.
   */
  globalKeys: ['store_codes', 'device_user_names', 'invitation_tokens'],
  /**
   * Copied to every worker: the masters every corporation reads and the corporations themselves
   * (one small row each with its global code, named by every tenant table's foreign key).
   */
  reference: [
    'prefectures',
    'corporations',
    'medicine_master',
    'mesh_population',
    'facility_master',
    'market_share_models',
    'market_share_age_structure',
    'market_share_treatment_rates',
    'fee_revisions',
    'facility_standard_sources',
    'facility_standard_rules',
    'facility_standard_conditions',
    'facility_deemed_effects',
    'facility_achievement_fees',
  ],
  /**
   * On the coordinator only: members and accounts (global, a system administrator moves between
   * corporations), sessions, sign-in bookkeeping, the report schedule and the migrator's own.
   * No tenant table has a foreign key to one of these.
   */
  coordinator: [
    'members',
    'identity_users',
    'sessions',
    'email_tokens',
    'sign_in_failures',
    'device_sign_in_failures',
    'used_id_tokens',
    'report_runs',
    'kysely_migration',
    'kysely_migration_lock',
  ],
} as const;

/**
 * Views over tenant tables that readers query as they would a table: nothing to place (Citus
 * plans a query of one over its tables), but a reader ties one to a corporation as it does a
 * tenant table (citus-statement-rules.ts).
 */
export const TENANT_VIEWS = ['prescription_fees'] as const;

export const DISTRIBUTION_COLUMN = 'corporation_id';

/** Per table of the current schema, the other tables its foreign keys reference. */
async function foreignKeyTargets(db: Database): Promise<Map<string, Set<string>>> {
  const { rows } = await sql<{ from_table: string; to_table: string }>`
    select c.conrelid::regclass::text as from_table, c.confrelid::regclass::text as to_table
    from pg_constraint c
    join pg_class r on r.oid = c.conrelid
    where c.contype = 'f' and r.relnamespace = current_schema()::regnamespace`.execute(db);
  const targets = new Map<string, Set<string>>();
  for (const { from_table, to_table } of rows) {
    if (from_table === to_table) continue;
    targets.set(from_table, (targets.get(from_table) ?? new Set()).add(to_table));
  }
  return targets;
}

/** `tables` ordered so that a table comes after every table of the list it references. */
function referencedFirst(tables: readonly string[], targets: Map<string, Set<string>>): string[] {
  const ordered: string[] = [];
  const pending = new Set(tables);
  while (pending.size) {
    const ready = [...pending].find((t) =>
      [...(targets.get(t) ?? [])].every((to) => !pending.has(to)),
    );
    if (!ready) throw new Error(`foreign keys form a cycle among ${[...pending].join(', ')}`);
    ordered.push(ready);
    pending.delete(ready);
  }
  return ordered;
}

/** Whether the database has the citus extension. */
export async function hasCitus(db: Database): Promise<boolean> {
  const { rows } = await sql<{ found: boolean }>`
    select exists (select 1 from pg_extension where extname = 'citus') as found`.execute(db);
  return rows[0]!.found;
}

/** The tables of the list already known to Citus. */
async function citusTables(db: Database): Promise<Set<string>> {
  const { rows } = await sql<{ name: string }>`
    select logicalrelid::regclass::text as name from pg_dist_partition`.execute(db);
  return new Set(rows.map((r) => r.name));
}

/**
 * On a database with the citus extension: masters and global keys become reference tables, tenant
 * tables distributed tables colocated by corporation, and the coordinator's tables that reference
 * a reference table join Citus's metadata as local tables. Tables already placed are left as they
 * are, so running it again after a migration places only new tables. Answers the statements run.
 */
export async function distribute(db: Database, options: { shardCount?: number } = {}) {
  if (!(await hasCitus(db))) throw new Error('the database has no citus extension');
  const targets = await foreignKeyTargets(db);
  const placed = await citusTables(db);
  const done: string[] = [];
  const references: string[] = [...TABLE_PLACEMENT.reference, ...TABLE_PLACEMENT.globalKeys];
  await db.connection().execute(async (connection) => {
    // Otherwise making the first master a reference table turns every local table that references
    // it into a Citus local table, which then cannot be distributed by corporation.
    await sql`set citus.enable_local_reference_table_foreign_keys to off`.execute(connection);
    if (options.shardCount) {
      await sql`select set_config('citus.shard_count', ${String(options.shardCount)}, false)`.execute(
        connection,
      );
    }
    const run = async (statement: ReturnType<typeof sql>, text: string) => {
      await statement.execute(connection);
      done.push(text);
    };
    for (const table of referencedFirst(references, targets)) {
      if (placed.has(table)) continue;
      await run(sql`select create_reference_table(${table})`, `create_reference_table('${table}')`);
    }
    const [first, ...others] = referencedFirst(TABLE_PLACEMENT.tenant, targets);
    for (const table of [first!, ...others]) {
      if (placed.has(table)) continue;
      const colocateWith = table === first ? 'default' : first!;
      await run(
        sql`select create_distributed_table(${table}, ${DISTRIBUTION_COLUMN}, colocate_with => ${colocateWith})`,
        `create_distributed_table('${table}', '${DISTRIBUTION_COLUMN}', colocate_with => '${colocateWith}')`,
      );
    }
    await sql`reset citus.enable_local_reference_table_foreign_keys`.execute(connection);
    for (const table of TABLE_PLACEMENT.coordinator) {
      if (placed.has(table) || !targets.get(table)?.size) continue;
      const referencesReference = [...targets.get(table)!].some((t) => references.includes(t));
      if (!referencesReference) continue;
      await run(
        sql`select citus_add_local_table_to_metadata(${table}, cascade_via_foreign_keys => true)`,
        `citus_add_local_table_to_metadata('${table}', cascade_via_foreign_keys => true)`,
      );
    }
  });
  return done;
}
