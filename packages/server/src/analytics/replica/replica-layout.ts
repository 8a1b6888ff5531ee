/**
 * The tables of the analytics replica (a DuckDB file): the facts and the names analytics reads,
 * with the columns and names of the system of record, and beside them what the questions need
 * shaped at sync time (SHEET_KEYS, LINE_SHEET_KEYS): each sheet carries every breakdown key as an
 * integer and its measures pre-joined, each line the keys of its sheet, so a question scans one
 * table. The engine compiles each metric definition to this layout (fact-columns.ts).
 * Raise LAYOUT_VERSION with any change here: a replica of another layout is rebuilt at start.
 */
export const LAYOUT_VERSION = 7;

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

/**
 * What the replica adds to each sheet at sync time (analytics-replica.ts computes them):
 * - reception_key, store_reception_key: the sheet's 受付 (store, day, institution, reception id)
 *   and its reception at the store whatever the institution, as the least sheet id of the
 *   reception (exact; a store's dates are always replaced whole);
 * - pharmacist_day: days since 2000 × 2³² + pharmacist id; hour: of the reception time;
 * - the patient's gender, age band at dispensing (index of AGE_BANDS) and places as ids of
 *   `labels` (zip code, 都道府県 + 市区町村, 市区町村 + 町域, and the whole address for the
 *   住所別 prefix), copied again when the patient changes;
 * - reception_flags: on the first sheet of a reception (its id is the reception_key), a bit of
 *   every RECEPTION_CONDITIONS one of the reception's sheets meets; on every sheet of a reception
 *   whose sheets name more than one patient, SHARED_RECEPTION_BIT (fact-columns.ts);
 * - generic_quantity, eligible_quantity: the 後発 numerator and denominator of its medicines;
 *   generic_classes: a bit (1 << class, 0 for none) of every class its medicines hold.
 */
export const SHEET_KEYS = [
  ['reception_key', 'BIGINT'],
  ['store_reception_key', 'BIGINT'],
  ['reception_flags', 'SMALLINT'],
  ['pharmacist_day', 'BIGINT'],
  ['hour', 'SMALLINT'],
  ['gender', 'SMALLINT'],
  ['age_band', 'SMALLINT'],
  ['zip_id', 'INTEGER'],
  ['municipality_id', 'INTEGER'],
  ['address_id', 'INTEGER'],
  ['full_address_id', 'INTEGER'],
  ['generic_quantity', 'DECIMAL(18,3)'],
  ['eligible_quantity', 'DECIMAL(18,3)'],
  ['generic_classes', 'SMALLINT'],
] as const;

/** The keys of its sheet each line carries, so line pages filter and bucket without a join. */
export const LINE_SHEET_KEYS = [
  ['store_id', 'INTEGER'],
  ['dispensing_date', 'DATE'],
  ['institution_id', 'INTEGER'],
  ['reception_type', 'VARCHAR'],
  ['generic_classes', 'SMALLINT'],
] as const;

/**
 * What the replica adds to each fee line from the line itself: category_id, the index of its
 * category in FEE_CATEGORIES (fact-columns.ts), which the fee pages test as a number.
 */
export const FEE_LINE_KEYS = [['category_id', 'SMALLINT']] as const;

/**
 * What the replica adds to each medicine line: item_id, its medicine in MEDICINE_ITEMS. The
 * medicine page groups by the code and names each code after the grouping from the medicines of
 * the lines in scope: the least name and YJ code of those, as over the lines themselves, without
 * reading each line's texts (two thirds of the page's statement). The fee and material pages read
 * their lines' names, which cost no more than a second pass over the lines' ids.
 */
export const MEDICINE_LINE_KEYS = [['item_id', 'INTEGER']] as const;

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

/** The fee lines (a view on the system of record: the lines and their fee items). */
export const FEES: ReplicatedTable = {
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
};

/**
 * The fee lines as the system of record keeps them, each naming its fee by id: the sync reads
 * these and gives each line its fee's code, name and category from the corporation's FEE_ITEMS
 * (a few dozen rows), instead of reading the view that joins the fee to every line (three
 * times the time of the database's one thread).
 */
export const FEE_LINES: ReplicatedTable = {
  name: 'prescription_fee_lines',
  columns: [
    CORPORATION,
    ['prescription_id', 'BIGINT'],
    ['line_no', 'SMALLINT'],
    ['fee_item_id', 'INTEGER'],
    ['points', 'DECIMAL(10,2)'],
    ['count', 'INTEGER'],
  ],
};

export const FEE_ITEMS: ReplicatedTable = {
  name: 'fee_items',
  columns: [
    CORPORATION,
    ['id', 'INTEGER'],
    ['code', 'VARCHAR'],
    ['name', 'VARCHAR'],
    ['category', 'VARCHAR'],
  ],
};

export const MEDICINE_LINES: ReplicatedTable = {
  name: 'prescription_medicines',
  columns: [
    ...ITEM_COLUMNS,
    ['yj_code', 'VARCHAR'],
    ['generic_class', 'SMALLINT'],
    ['days', 'SMALLINT'],
  ],
};

/** The lines of the prescriptions above. */
export const LINE_TABLES: readonly ReplicatedTable[] = [
  FEES,
  MEDICINE_LINES,
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

/** The texts the sheets' place ids stand for: only ever added to, shared by corporations. */
export const LABELS: ReplicatedTable = {
  name: 'labels',
  columns: [
    ['id', 'INTEGER'],
    ['text', 'VARCHAR'],
  ],
};

/**
 * The medicines of the lines: each code, name and YJ code a medicine line carries. Only ever added
 * to, shared by corporations, like the labels.
 */
export const MEDICINE_ITEMS: ReplicatedTable = {
  name: 'medicine_items',
  columns: [
    ['id', 'INTEGER'],
    ['code', 'VARCHAR'],
    ['name', 'VARCHAR'],
    ['yj_code', 'VARCHAR'],
  ],
};

export const REPLICATED_TABLES: readonly ReplicatedTable[] = [
  PRESCRIPTIONS,
  ...LINE_TABLES,
  PATIENTS,
  ...NAME_TABLES,
];

/** Every table of the replica's facts and names, and the sequences that number its own ids. */
export const STORED_TABLES: readonly ReplicatedTable[] = [
  ...REPLICATED_TABLES,
  LABELS,
  MEDICINE_ITEMS,
];
export const SEQUENCES = ['label_ids', 'medicine_item_ids'] as const;

/** A table as the replica stores it: the system of record's columns and the keys it adds. */
function storedColumns(table: ReplicatedTable): readonly (readonly [string, string])[] {
  if (table === PRESCRIPTIONS) return [...table.columns, ...SHEET_KEYS];
  if (LINE_TABLES.includes(table)) {
    return [
      ...table.columns,
      ...lineSheetKeys(table),
      ...(table === FEES ? FEE_LINE_KEYS : []),
      ...(table === MEDICINE_LINES ? MEDICINE_LINE_KEYS : []),
    ];
  }
  return table.columns;
}

/** The columns a line table adds for its sheet (generic_classes: the sheet's, not the line's). */
export function lineSheetKeys(table: ReplicatedTable) {
  const own = new Set(table.columns.map(([c]) => c));
  return LINE_SHEET_KEYS.filter(([c]) => !own.has(c));
}

export const columnList = (table: ReplicatedTable, alias?: string) =>
  table.columns.map(([c]) => (alias ? `${alias}.${c}` : c)).join(', ');

/** DDL of the replica: its tables and what it knows of the change log. */
export function replicaDdl(): string[] {
  return [
    ...STORED_TABLES.map(
      (t) =>
        `create table ${t.name} (${storedColumns(t)
          .map(([c, type]) => `${c} ${type}`)
          .join(', ')})`,
    ),
    ...SEQUENCES.map((name) => `create sequence ${name}`),
    // layout, and the last change of the log applied (replica_state holds one row)
    `create table replica_state (layout integer not null, last_change bigint not null)`,
    // the data version of each corporation's facts the replica holds
    `create table replica_versions (corporation_id integer primary key, version bigint not null)`,
  ];
}
