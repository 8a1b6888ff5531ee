/**
 * The tables of the analytics replica (a DuckDB file): the facts and the names analytics reads,
 * with the columns and names of the system of record, so that the engine's SQL reads either.
 * Raise LAYOUT_VERSION with any change here: a replica of another layout is rebuilt at start.
 */
export const LAYOUT_VERSION = 2;

/** A replicated table: its columns in order, with their DuckDB types. */
export interface ReplicatedTable {
  name: string;
  columns: readonly (readonly [column: string, duckType: string])[];
}

const CORPORATION = ['corporation_id', 'INTEGER'] as const;
const ITEM_COLUMNS = [
  CORPORATION,
  ['prescription_id', 'BIGINT'],
  ['line_no', 'SMALLINT'],
  ['code', 'VARCHAR'],
  ['name', 'VARCHAR'],
  ['points', 'DECIMAL(12,2)'],
  ['count', 'INTEGER'],
  ['quantity', 'DECIMAL(14,3)'],
  ['unit', 'VARCHAR'],
  ['amount_yen', 'BIGINT'],
] as const;

/** Facts of a store's dates: replaced together whenever a commit changes those dates. */
export const PRESCRIPTIONS: ReplicatedTable = {
  name: 'prescriptions',
  columns: [
    CORPORATION,
    ['store_id', 'INTEGER'],
    ['id', 'BIGINT'],
    ['dispensing_date', 'DATE'],
    ['reception_time', 'TIME'],
    ['reception_id', 'VARCHAR'],
    ['prescription_no', 'SMALLINT'],
    ['patient_id', 'BIGINT'],
    ['institution_id', 'INTEGER'],
    ['doctor_id', 'INTEGER'],
    ['department_id', 'INTEGER'],
    ['pharmacist_id', 'INTEGER'],
    ['insurance_type', 'VARCHAR'],
    ['reception_type', 'VARCHAR'],
    ['visit_type', 'VARCHAR'],
    ['medicine_notebook', 'BOOLEAN'],
    ['technical_points', 'DECIMAL(12,2)'],
    ['management_points', 'DECIMAL(12,2)'],
    ['medicine_points', 'DECIMAL(12,2)'],
    ['material_points', 'DECIMAL(12,2)'],
    ['sales_yen', 'BIGINT'],
    ['medicine_yen', 'BIGINT'],
    ['material_yen', 'BIGINT'],
  ],
};

/** The lines of the prescriptions above. */
export const LINE_TABLES: readonly ReplicatedTable[] = [
  {
    name: 'prescription_fees',
    columns: [
      CORPORATION,
      ['prescription_id', 'BIGINT'],
      ['line_no', 'SMALLINT'],
      ['code', 'VARCHAR'],
      ['name', 'VARCHAR'],
      ['category', 'VARCHAR'],
      ['points', 'DECIMAL(10,2)'],
      ['count', 'INTEGER'],
    ],
  },
  {
    name: 'prescription_medicines',
    columns: [
      ...ITEM_COLUMNS,
      ['yj_code', 'VARCHAR'],
      ['generic_class', 'SMALLINT'],
      ['days', 'SMALLINT'],
    ],
  },
  { name: 'prescription_materials', columns: ITEM_COLUMNS },
];

/** The patients of the prescriptions: copied again with every change of their prescriptions. */
export const PATIENTS: ReplicatedTable = {
  name: 'patients',
  columns: [
    CORPORATION,
    ['id', 'BIGINT'],
    ['patient_key', 'VARCHAR'],
    ['gender', 'SMALLINT'],
    ['birth_month', 'DATE'],
    ['zip_code', 'VARCHAR'],
    ['prefecture', 'VARCHAR'],
    ['city', 'VARCHAR'],
    ['town', 'VARCHAR'],
    ['latitude', 'DOUBLE'],
    ['longitude', 'DOUBLE'],
    ['mesh_code', 'VARCHAR'],
  ],
};

/** A corporation's names, small: copied whole with every change of the corporation. */
export const NAME_TABLES: readonly ReplicatedTable[] = [
  {
    name: 'stores',
    columns: [
      CORPORATION,
      ['id', 'INTEGER'],
      ['store_code', 'VARCHAR'],
      ['name', 'VARCHAR'],
      ['latitude', 'DOUBLE'],
      ['longitude', 'DOUBLE'],
    ],
  },
  {
    name: 'medical_institutions',
    columns: [CORPORATION, ['id', 'INTEGER'], ['code', 'VARCHAR'], ['name', 'VARCHAR']],
  },
  {
    name: 'doctors',
    columns: [CORPORATION, ['id', 'INTEGER'], ['institution_id', 'INTEGER'], ['name', 'VARCHAR']],
  },
  { name: 'clinical_departments', columns: [CORPORATION, ['id', 'INTEGER'], ['name', 'VARCHAR']] },
  {
    name: 'pharmacists',
    columns: [CORPORATION, ['id', 'INTEGER'], ['pharmacist_key', 'VARCHAR'], ['name', 'VARCHAR']],
  },
];

export const REPLICATED_TABLES: readonly ReplicatedTable[] = [
  PRESCRIPTIONS,
  ...LINE_TABLES,
  PATIENTS,
  ...NAME_TABLES,
];

export const columnList = (table: ReplicatedTable, alias?: string) =>
  table.columns.map(([c]) => (alias ? `${alias}.${c}` : c)).join(', ');

/** DDL of the replica: its tables and what it knows of the change log. */
export function replicaDdl(): string[] {
  return [
    ...REPLICATED_TABLES.map(
      (t) => `create table ${t.name} (${t.columns.map(([c, type]) => `${c} ${type}`).join(', ')})`,
    ),
    // layout, and the last change of the log applied (replica_state holds one row)
    `create table replica_state (layout integer not null, last_change bigint not null)`,
    // the data version of each corporation's facts the replica holds
    `create table replica_versions (corporation_id integer primary key, version bigint not null)`,
  ];
}
