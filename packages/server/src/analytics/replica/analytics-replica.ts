import { mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { DuckDBInstance, type DuckDBConnection } from '@duckdb/node-api';
import { monthsOfRange } from '@pharmalytics/domain';
import { sql } from 'kysely';
import type { Database } from '../../db/connection.ts';
import { copyOut } from '../../db/copy.ts';
import { liftStatementTimeout } from '../../db/statement-timeout.ts';
import { lastLoggedChange } from '../data-version.ts';
import { duckdbExecutor, recordsExecutor, sqlText, type AnalyticsExecutor } from '../executors.ts';
import {
  CallAbandoned,
  defaultQueueLimit,
  StatementQueue,
  type StatementCounts,
} from '../statement-queue.ts';
import {
  AGE_BAND_INDEX,
  feeCategoryIndex,
  genericClassBit,
  MEDICINE_LINE_GENERIC,
  PHARMACIST_DAY,
  PLACE_TEXTS,
  RECEPTION_CONDITIONS,
  RECEPTION_HOUR,
  SHARED_RECEPTION_BIT,
  receptionBit,
  type ReceptionCondition,
} from '../fact-columns.ts';
import {
  columnList,
  FEE_ITEMS,
  FEE_LINES,
  FEES,
  LAYOUT_VERSION,
  MEDICINE_ITEMS,
  MEDICINE_LINES,
  LINE_TABLES,
  lineSheetKeys,
  NAME_TABLES,
  PATIENTS,
  PRESCRIPTIONS,
  replicaDdl,
  SEQUENCES,
  SHEET_KEYS,
  STORED_TABLES,
  type ReplicatedTable,
} from './replica-layout.ts';

export interface ReplicaOptions {
  /** The system of record. */
  db: Database;
  /** Where the replica's file lives (DATA_DIR). */
  dataDir: string;
  /** DuckDB's memory limit (e.g. '1GB'). */
  memoryLimit: string;
  threads: number;
  /** How often the change log is read for commits of other processes. */
  pollMs: number;
  /** After a sync that took d ms, polls rest this × d ms while commits keep coming (default 3). */
  syncRest?: number;
  /**
   * Analytics statements running at once at most (by default the host's cores), and waiting for
   * a turn at most (by default 64, or 16 a core on larger hosts).
   */
  concurrency?: number;
  maxWaiting?: number;
  log: ReplicaLog;
}

export interface ReplicaLog {
  info: (message: string) => void;
  warn: (message: string) => void;
  error: (message: string) => void;
}

/** Stores' dates whose facts are copied again: one store's, or while building a month's. */
interface StoreDates {
  corporationId: number;
  storeIds: readonly number[];
  from: string;
  to: string;
}

interface Change {
  id: number;
  corporation_id: number;
  store_id: number | null;
  from_date: string | null;
  to_date: string | null;
  data_version: number;
}

const SYNC_REST = 3;
/** A log that has not grown for this long ends the rest: no more commits are coming to gather. */
const QUIET_LOG_MS = 1000;
/** Changes applied in one replica transaction at most. */
const CHANGES_PER_BATCH = 500;
export const REPLICA_FILE = 'analytics.duckdb';

const quote = (text: string) => `'${text.replaceAll("'", "''")}'`;
const isoDate = (value: unknown) =>
  value instanceof Date ? value.toISOString().slice(0, 10) : String(value);

/**
 * The analytics replica: a DuckDB file in DATA_DIR with the facts and names analytics reads,
 * kept from the change log of the system of record (analytics_changes, written in the
 * transaction of every commit of facts). Each server process keeps its own: it applies the log
 * in order (deletes a store's dates and copies them again from the system of record), remembers
 * the last change applied and each corporation's data version inside the replica, in the same
 * DuckDB transaction, and catches up at start. A missing, unreadable or older-layout replica is
 * built again from the system of record; until it is ready, analytics read the system of record.
 */
export class AnalyticsReplica {
  private instance!: DuckDBInstance;
  private writer!: DuckDBConnection;
  private state: 'building' | 'ready' | 'closed' = 'building';
  private lastChange = 0;
  private readonly versions = new Map<number, number>();
  private syncing: Promise<void> | null = null;
  private syncAgain = false;
  /** Polls start no sooner than this (ms since the epoch): see poll(). */
  private nextPollAt = 0;
  /** The log's last change when it was last looked at while resting, and when that was. */
  private logSeen = { last: -1, at: 0 };
  private lookingAtLog = false;
  private timer: NodeJS.Timeout | undefined;
  private building: Promise<void> = Promise.resolve();
  private readonly waiters = new Set<() => void>();
  private readonly file: string;
  private readonly scratch: string;
  private readonly queue: StatementQueue;

  private constructor(private readonly options: ReplicaOptions) {
    this.file = join(options.dataDir, REPLICA_FILE);
    this.scratch = join(options.dataDir, 'analytics-replica-scratch');
    const concurrency = options.concurrency ?? availableParallelism();
    this.queue = new StatementQueue({
      concurrency,
      maxWaiting: options.maxWaiting ?? defaultQueueLimit(concurrency),
    });
  }

  /**
   * Opens the replica, building it again in the background when it cannot be used as it is, and
   * starts following the change log. Answers at once: `ready` tells when the replica serves.
   */
  static async open(options: ReplicaOptions): Promise<AnalyticsReplica> {
    const replica = new AnalyticsReplica(options);
    await replica.openFile();
    replica.timer = setInterval(() => replica.poll(), options.pollMs);
    replica.timer.unref();
    return replica;
  }

  get ready(): boolean {
    return this.state === 'ready';
  }

  /** Settles when a build started at open has ended (ready or failed). */
  whenBuilt(): Promise<void> {
    return this.building;
  }

  /** The data version of a corporation's facts the replica holds (0: none). */
  versionOf(corporationId: number): number {
    return this.versions.get(corporationId) ?? 0;
  }

  /** The last change of the log applied. */
  get appliedChange(): number {
    return this.lastChange;
  }

  /** Runs analytics statements through the replica's queue; `signal` drops them when it aborts. */
  executor(signal?: AbortSignal): AnalyticsExecutor {
    return duckdbExecutor(this.instance, this.queue, signal);
  }

  /**
   * Runs analytics statements on the system of record (while the replica cannot answer) through
   * the same bounded queue: past its bound a call is refused at once there too, and a statement
   * still waiting when `signal` aborts is dropped.
   */
  recordsExecutor(signal?: AbortSignal): AnalyticsExecutor {
    const records = recordsExecutor(this.options.db);
    return {
      dialect: records.dialect,
      rows: (statement) =>
        this.queue.run(async () => {
          if (signal?.aborted) throw new CallAbandoned();
          return records.rows(statement);
        }, signal),
    };
  }

  /**
   * Refuses a new call at once (AnalyticsBusy) while the statement queue is full, or under load
   * when it would wait too long (StatementQueue.admit).
   */
  admit(callsComputing: number): void {
    this.queue.admit(callsComputing);
  }

  /** Analytics statements running now, waiting for a turn, and dropped (read-only). */
  get statements(): StatementCounts {
    return this.queue.counts;
  }

  /**
   * Whether the replica holds the corporation's facts at `version` at least, reading the change
   * log now and waiting up to `timeoutMs` for it to be applied.
   */
  async reaches(corporationId: number, version: number, timeoutMs: number): Promise<boolean> {
    if (!this.ready) return false;
    if (this.versionOf(corporationId) >= version) return true;
    const deadline = Date.now() + timeoutMs;
    while (this.ready && this.versionOf(corporationId) < version && Date.now() < deadline) {
      // Woken after each batch applied (or at the deadline); a sync per batch while behind.
      const woken = new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, Math.max(1, deadline - Date.now()));
        this.waiters.add(wake);
      });
      void this.sync();
      await woken;
    }
    return this.ready && this.versionOf(corporationId) >= version;
  }

  /**
   * Reads the log on the poll timer, leaving the system of record some rest after a long sync:
   * while files load one after another (the demo history), the changes gather into fewer,
   * larger batches, whose dates of one store merge into one copy. The rest ends early once the
   * log has stopped growing, so the last files of a burst do not wait for it. A call that needs
   * newer facts syncs at once (reaches()).
   */
  private poll(): void {
    if (Date.now() >= this.nextPollAt) void this.sync();
    else if (!this.lookingAtLog && Date.now() - this.logSeen.at >= QUIET_LOG_MS) {
      this.lookingAtLog = true;
      void this.endRestWhenLogQuiet().finally(() => (this.lookingAtLog = false));
    }
  }

  private async endRestWhenLogQuiet(): Promise<void> {
    try {
      const last = await lastLoggedChange(this.options.db);
      if (last === this.logSeen.last && last > this.lastChange) {
        this.nextPollAt = 0;
        void this.sync();
      }
      this.logSeen = { last, at: Date.now() };
    } catch (error) {
      this.options.log.warn(`analytics replica: reading the change log failed: ${error}`);
    }
  }

  /** Applies the changes of the log not applied yet; concurrent calls share one run. */
  sync(): Promise<void> {
    if (this.state !== 'ready') return Promise.resolve();
    if (this.syncing) {
      this.syncAgain = true;
      return this.syncing;
    }
    this.syncing = (async () => {
      const from = this.lastChange;
      const started = Date.now();
      try {
        do {
          this.syncAgain = false;
          const batchStarted = Date.now();
          if (this.state === 'ready' && (await this.applyNextBatch())) {
            // The polls rest before the next batch (see poll()); callers waiting for newer
            // facts ask again once woken.
            this.nextPollAt =
              Date.now() + (this.options.syncRest ?? SYNC_REST) * (Date.now() - batchStarted);
          }
        } while (this.syncAgain && this.state === 'ready');
        if (this.lastChange > from) {
          this.options.log.info(
            `analytics replica: at change ${this.lastChange} (${this.lastChange - from} applied in ${Date.now() - started} ms)`,
          );
        }
      } catch (error) {
        this.options.log.error(`analytics replica: applying the change log failed: ${error}`);
      } finally {
        this.syncing = null;
      }
    })();
    return this.syncing;
  }

  async close(): Promise<void> {
    if (this.isClosed()) return;
    clearInterval(this.timer);
    // A build or a sync stops at its next store or batch.
    this.state = 'closed';
    await this.building.catch(() => {});
    await this.syncing?.catch(() => {});
    for (const wake of this.waiters) wake();
    this.writer.closeSync();
    this.instance.closeSync();
  }

  // -------------------------------------------------------------------------------------------

  private async createInstance(): Promise<void> {
    this.instance = await DuckDBInstance.create(this.file, {
      memory_limit: this.options.memoryLimit,
      threads: String(this.options.threads),
      temp_directory: join(this.scratch, 'spill'),
    });
    this.writer = await this.instance.connect();
  }

  /** Whether close() was called: it may come at any await (a method, so no check is narrowed). */
  private isClosed(): boolean {
    return this.state === 'closed';
  }

  /** Opens the file again; close() awaits the build, so the build checks isClosed() after it. */
  private async reopen(): Promise<void> {
    this.writer.closeSync();
    this.instance.closeSync();
    await this.createInstance();
  }

  private async openFile(): Promise<void> {
    mkdirSync(this.scratch, { recursive: true });
    let usable = false;
    try {
      await this.createInstance();
      usable = await this.readState();
    } catch (error) {
      this.options.log.warn(`analytics replica: ${this.file} cannot be read (${error})`);
      this.instance?.closeSync();
      for (const suffix of ['', '.wal']) rmSync(`${this.file}${suffix}`, { force: true });
      await this.createInstance();
    }
    if (usable) {
      this.state = 'ready';
      void this.sync();
      return;
    }
    this.options.log.info(
      'analytics replica: building it from the system of record; analytics read the system of record until it is ready',
    );
    this.building = this.build().then(
      async () => {
        if (this.isClosed()) return;
        // The instance that wrote the tables read them half as fast as one that opens the file
        // (bench-M, one thread: 12 months of sales 16.2 → 8.4 ms; after a CHECKPOINT 14.7 ms).
        await this.reopen();
        if (this.isClosed()) return;
        this.options.log.info(`analytics replica: ready at change ${this.lastChange}`);
        this.state = 'ready';
        void this.sync();
      },
      (error: unknown) => {
        if (this.isClosed()) return;
        this.options.log.error(`analytics replica: building it failed: ${error}`);
      },
    );
  }

  /** Whether the file holds a replica of this layout; if so, what it has applied. */
  private async readState(): Promise<boolean> {
    const tables = await this.writer.runAndReadAll(
      `select count(*)::int as n from duckdb_tables() where table_name = 'replica_state'`,
    );
    if (Number(tables.getRowObjectsJS()[0]!.n) === 0) return false;
    const state = (
      await this.writer.runAndReadAll('select layout, last_change from replica_state')
    ).getRowObjectsJS()[0];
    if (!state || Number(state.layout) !== LAYOUT_VERSION) return false;
    this.lastChange = Number(state.last_change);
    const versions = await this.writer.runAndReadAll(
      'select corporation_id, version from replica_versions',
    );
    for (const row of versions.getRowObjectsJS()) {
      this.versions.set(Number(row.corporation_id), Number(row.version));
    }
    return true;
  }

  /**
   * Builds the replica from the system of record: the position of the change log and the data
   * versions first, then every store's facts; changes committed meanwhile are applied after,
   * which copies their dates again.
   */
  private async build(): Promise<void> {
    const { db } = this.options;
    const started = Date.now();
    const last = await lastLoggedChange(db);
    const { rows: versions } = await sql<{ corporation_id: number; version: number }>`
      select corporation_id, version from analytics_data_versions`.execute(db);
    const { rows: corporationDates } = await sql<{
      corporation_id: number;
      store_ids: number[];
      from: string;
      to: string;
    }>`select corporation_id, array_agg(distinct store_id) as store_ids,
        min(dispensing_date) as from, max(dispensing_date) as to
      from prescriptions group by corporation_id order by corporation_id`.execute(db);
    await this.writer.run(
      `begin; ${STORED_TABLES.map((t) => `drop table if exists ${t.name};`).join(' ')}
       drop table if exists replica_state; drop table if exists replica_versions;
       ${SEQUENCES.map((name) => `drop sequence if exists ${name};`).join(' ')}
       ${replicaDdl().join('; ')}; commit`,
    );
    // Each corporation's patients whole, then its facts a month at a time, every store together:
    // the tables then lie in the order of their dates, and DuckDB skips the row groups of other
    // months (bench-M on one thread: the pages over 12 of 24 months 544 → 442 ms, a statement of
    // the sheets over 30 days 4.4 → 1.4 ms).
    for (const corporation of corporationDates) {
      if (this.isClosed()) return;
      const corporationId = Number(corporation.corporation_id);
      await this.applyInTransaction({ patientsOf: corporationId });
      const range = { from: isoDate(corporation.from), to: isoDate(corporation.to) };
      for (const month of monthsOfRange(range)) {
        if (this.isClosed()) return;
        await this.applyInTransaction({
          stores: [{ corporationId, storeIds: corporation.store_ids.map(Number), ...month }],
        });
      }
    }
    if (this.isClosed()) return;
    const corporations = [...new Set(versions.map((v) => v.corporation_id))];
    await this.applyInTransaction({ names: corporations });
    const versionRows = versions.map((v) => `(${Number(v.corporation_id)}, ${Number(v.version)})`);
    await this.writer.run(
      `begin;
       ${versionRows.length > 0 ? `insert into replica_versions values ${versionRows.join(', ')};` : ''}
       insert into replica_state values (${LAYOUT_VERSION}, ${last});
       commit`,
    );
    this.lastChange = last;
    for (const v of versions) this.versions.set(Number(v.corporation_id), Number(v.version));
    this.options.log.info(
      `analytics replica: built ${corporationDates.length} corporations in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  }

  /** Reads the next changes of the log and applies them; false when there were none. */
  private async applyNextBatch(): Promise<boolean> {
    const { rows } = await sql<Change>`
      select id, corporation_id, store_id, from_date, to_date, data_version
      from analytics_changes where id > ${this.lastChange}
      order by id limit ${CHANGES_PER_BATCH}`.execute(this.options.db);
    if (rows.length === 0) return false;
    // Changes of one store become one range of dates; each corporation's names are copied once.
    const stores = new Map<string, StoreDates>();
    const corporations = new Set<number>();
    const versions = new Map<number, number>();
    for (const change of rows) {
      const corporationId = Number(change.corporation_id);
      corporations.add(corporationId);
      versions.set(
        corporationId,
        Math.max(versions.get(corporationId) ?? 0, Number(change.data_version)),
      );
      if (change.store_id === null) continue;
      const key = `${corporationId}|${change.store_id}`;
      const from = isoDate(change.from_date);
      const to = isoDate(change.to_date);
      const known = stores.get(key);
      stores.set(key, {
        corporationId,
        storeIds: [Number(change.store_id)],
        from: known && known.from < from ? known.from : from,
        to: known && known.to > to ? known.to : to,
      });
    }
    const last = Number(rows.at(-1)!.id);
    await this.applyInTransaction({
      stores: [...stores.values()],
      names: [...corporations],
      position: { last, versions },
    });
    this.lastChange = last;
    for (const [corporationId, version] of versions) {
      if (version > this.versionOf(corporationId)) this.versions.set(corporationId, version);
    }
    for (const wake of [...this.waiters]) wake();
    return true;
  }

  /**
   * Copies what `copy` names from the system of record (in one snapshot) and replaces it in the
   * replica in one transaction, with the position of the change log it reaches.
   */
  private async applyInTransaction(copy: Copy): Promise<void> {
    const { stores = [], names = [], patientsOf, position } = copy;
    // While building, each corporation's patients are copied whole before its facts; a patient
    // changed by a commit meanwhile is copied again when the change log is applied after.
    const building = this.state === 'building';
    const files: string[] = [];
    const csvFile = (name: string, csv: Uint8Array) => {
      const file = join(this.scratch, `${name}-${files.length}.csv`);
      writeFileSync(file, csv);
      files.push(file);
      return file;
    };
    // A corporation's fees, read once for all its stores' fee lines in this transaction.
    const feeItemFiles = new Map<number, string>();
    const feeItemsFile = async (trx: Database, corporationId: number) => {
      let file = feeItemFiles.get(corporationId);
      if (file === undefined) {
        const csv = await copyOut(
          trx,
          `select ${columnList(FEE_ITEMS)} from ${FEE_ITEMS.name} where corporation_id = ${corporationId}`,
        );
        feeItemFiles.set(corporationId, (file = csvFile(FEE_ITEMS.name, csv)));
      }
      return file;
    };
    // The replica writes what has been read while the system of record reads the next rows: the
    // two run on different threads, and a batch took as long as both one after the other.
    let began = false;
    let writing: Promise<void> = this.writer.run('begin').then(() => {
      began = true;
    });
    const write = (statements: string[]) => {
      writing = writing.then(async () => {
        for (const statement of statements) await this.writer.run(statement);
      });
      writing.catch(() => {}); // awaited below, once the reads are done
    };
    try {
      await this.options.db
        .transaction()
        .setIsolationLevel('repeatable read')
        .execute(async (trx) => {
          await liftStatementTimeout(trx); // a corporation's patients or a month, when building
          await priceReadsInMemory(trx);
          if (patientsOf !== undefined) {
            write(await patientStatements(trx, patientsOf, 'true', csvFile, false));
          }
          for (const dates of stores) {
            write(await storeStatements(trx, dates, { csvFile, feeItemsFile }, !building));
          }
          for (const corporationId of names) {
            for (const table of NAME_TABLES) {
              const csv = await copyOut(
                trx,
                `select ${columnList(table)} from ${table.name} where corporation_id = ${corporationId}`,
              );
              write([
                `delete from ${table.name} where corporation_id = ${corporationId}`,
                ...(csv.length === 0 ? [] : [insertFromCsv(table, csvFile(table.name, csv))]),
              ]);
            }
          }
        });
      if (position) {
        write([
          ...[...position.versions].map(
            ([corporationId, version]) =>
              `insert into replica_versions values (${corporationId}, ${version})
               on conflict (corporation_id) do update set version = greatest(replica_versions.version, excluded.version)`,
          ),
          `update replica_state set last_change = ${position.last}`,
        ]);
      }
      await writing;
      await this.writer.run('commit');
    } catch (error) {
      await writing.catch(() => {});
      if (began) await this.writer.run('rollback');
      throw error;
    } finally {
      for (const file of files) rmSync(file, { force: true });
    }
  }
}

/**
 * Prices the transaction's reads as reads of pages in memory (a random page 1.1 times a page in
 * sequence, PostgreSQL's default being 4, for spinning disks). Measured when the lines were still
 * read through a join with their sheets: at the default the server read a month's lines by a hash
 * join over the whole line table, which grows with every month kept (30 stores × 12 months:
 * 471–528 ms for a month's fee lines, 275–351 ms priced so), and the embedded database, which
 * gathers no statistics, built a bitmap for each sheet. The lines are now read by ranges of their
 * key (sheetIdRuns), which leave no join to choose; the sheets' patients are still found by a
 * join, and their reads keep the pricing (not measured again).
 */
async function priceReadsInMemory(trx: Database): Promise<void> {
  await sql`select set_config('random_page_cost', '1.1', true)`.execute(trx);
}

/** What one replica transaction copies (applyInTransaction). */
interface Copy {
  stores?: StoreDates[];
  /** Corporations whose names (NAME_TABLES) are copied again. */
  names?: number[];
  /** A corporation whose patients are copied whole (the build, before its facts). */
  patientsOf?: number;
  position?: { last: number; versions: Map<number, number> };
}

type CsvFile = (name: string, csv: Uint8Array) => string;

/** Where a transaction's statements read their CSV files from. */
interface CsvFiles {
  csvFile: CsvFile;
  /** The corporation's fee items (FEE_ITEMS), read once a transaction. */
  feeItemsFile: (trx: Database, corporationId: number) => Promise<string>;
}

/** A temporary table of the replica holding a CSV of the system of record's COPY. */
function staged(name: string, table: ReplicatedTable, csv: Uint8Array, csvFile: CsvFile): string {
  return `create or replace temp table ${name} as ${
    csv.length === 0
      ? `select ${columnList(table)} from ${table.name} limit 0`
      : `select * from ${csvSource(table, csvFile(table.name, csv))}`
  }`;
}

/**
 * The statements that replace a corporation's patients of a condition (on `patients`) and add
 * the texts of their places the labels lack. With `otherSheets` (the replica may hold sheets of
 * theirs already: not while building), the patients it held otherwise give those sheets their
 * new keys; a patient new to the replica has no sheets there, as a sheet comes with its patient.
 */
async function patientStatements(
  trx: Database,
  corporationId: number,
  condition: string,
  csvFile: CsvFile,
  otherSheets: boolean,
): Promise<string[]> {
  const patients = await copyOut(
    trx,
    `select ${columnList(PATIENTS)} from patients
     where corporation_id = ${corporationId} and ${condition}`,
  );
  return [
    staged('staged_patients', PATIENTS, patients, csvFile),
    ...(otherSheets ? [changedPatients(corporationId)] : []),
    `delete from patients where corporation_id = ${corporationId}
       and id in (select id from staged_patients)`,
    `insert into patients select * from staged_patients`,
    newLabels(corporationId),
    ...(otherSheets ? [updatePatientKeys(corporationId)] : []),
  ];
}

/**
 * The statements that replace stores' dates: the patients of their sheets (and the keys they
 * give every sheet of theirs) unless the build copied them, the sheets with their keys and
 * measures, and the lines with their sheet's keys (replica-layout.ts).
 */
async function storeStatements(
  trx: Database,
  { corporationId, storeIds, from, to }: StoreDates,
  { csvFile, feeItemsFile }: CsvFiles,
  patientsChange: boolean,
): Promise<string[]> {
  const where = `corporation_id = ${corporationId} and store_id in (${storeIds.join(', ')})
    and dispensing_date between ${quote(from)} and ${quote(to)}`;
  const statements = [
    ...LINE_TABLES.map((t) => `delete from ${t.name} where ${where}`),
    `delete from prescriptions where ${where}`,
  ];
  const prescriptions = await copyOut(
    trx,
    `select ${columnList(PRESCRIPTIONS)} from prescriptions where ${where}`,
  );
  if (prescriptions.length === 0) return statements;
  const { lo, hi } = await sheetIdRuns(trx, where);
  const lines = new Map<ReplicatedTable, Uint8Array>();
  for (const table of LINE_TABLES) {
    const read = table === FEES ? FEE_LINES : table;
    lines.set(
      table,
      await copyOut(
        trx,
        `select ${columnList(read, 'l')}
         from unnest('{${lo}}'::bigint[], '{${hi}}'::bigint[]) as r (lo, hi)
         join ${read.name} l on l.corporation_id = ${corporationId}
           and l.prescription_id between r.lo and r.hi`,
      ),
    );
  }
  if (patientsChange) {
    const ofTheseSheets = `id in (select patient_id from prescriptions where ${where})`;
    statements.push(...(await patientStatements(trx, corporationId, ofTheseSheets, csvFile, true)));
  }
  statements.push(
    staged('staged_medicines', MEDICINE_LINES, lines.get(MEDICINE_LINES)!, csvFile),
    insertSheets(csvSource(PRESCRIPTIONS, csvFile('prescriptions', prescriptions))),
  );
  for (const [table, csv] of lines) {
    if (csv.length === 0) continue;
    const source =
      table === MEDICINE_LINES
        ? 'staged_medicines'
        : table === FEES
          ? `(select l.*, i.code, i.name, i.category
              from ${csvSource(FEE_LINES, csvFile(FEE_LINES.name, csv))} l
              join ${csvSource(FEE_ITEMS, await feeItemsFile(trx, corporationId))} i
                on i.id = l.fee_item_id)`
          : csvSource(table, csvFile(table.name, csv));
    if (table === MEDICINE_LINES) statements.push(NEW_MEDICINE_ITEMS);
    statements.push(insertLines(table, source, where));
  }
  return statements;
}

/**
 * The ids of the sheets `where` selects as runs of consecutive ids, for the lines to be read by
 * ranges of their primary key instead of one sheet at a time. The loader takes the ids of up to
 * 5,000 sheets of a file in one statement, so a store's month is mostly one run on the embedded
 * database (loads at the same time on a server may interleave theirs, making more runs).
 */
async function sheetIdRuns(trx: Database, where: string): Promise<{ lo: string; hi: string }> {
  const { rows } = await sql<{ lo: string; hi: string }>`
    select string_agg(lo::text, ',' order by lo) as lo, string_agg(hi::text, ',' order by lo) as hi
    from (select min(id) as lo, max(id) as hi
          from (select id, id - row_number() over (order by id) as run
                from prescriptions where ${sql.raw(where)}) as sheets
          group by run) as runs`.execute(trx);
  return rows[0]!;
}

/** The patient `pa` of each sheet `p` and the ids of its places' texts. */
const PATIENT_JOINS = `left join patients pa on pa.corporation_id = p.corporation_id and pa.id = p.patient_id
  ${Object.entries(PLACE_TEXTS)
    .map(([place, text]) => `left join labels ${place} on ${place}.text = ${sqlText(text)}`)
    .join('\n  ')}`;

/** The keys a sheet takes from its patient, in SHEET_KEYS' names. */
const PATIENT_KEYS: Record<string, string> = {
  gender: 'pa.gender',
  age_band: sqlText(AGE_BAND_INDEX),
  zip_id: 'zip.id',
  municipality_id: 'municipality.id',
  address_id: 'address.id',
  full_address_id: 'fullAddress.id',
};

/** The texts of the staged patients' places the labels lack yet. */
function newLabels(corporationId: number): string {
  const texts = Object.values(PLACE_TEXTS).map((t) => sqlText(t));
  return `insert into labels select nextval('label_ids'), text from (
    select distinct unnest([${texts.join(', ')}]) as text
    from patients pa where pa.corporation_id = ${corporationId}
      and pa.id in (select id from staged_patients))
    where text is not null and text not in (select text from labels)`;
}

/** Inserts the sheets of a source with the keys and measures the replica adds (SHEET_KEYS). */
function insertSheets(source: string): string {
  const { genericQuantity, eligibleQuantity } = MEDICINE_LINE_GENERIC;
  const reception =
    'over (partition by p.store_id, p.dispensing_date, p.institution_id, p.reception_id)';
  const flags = Object.entries(RECEPTION_CONDITIONS).map(
    ([name, condition]) =>
      `case when bool_or(${sqlText(condition)}) ${reception} then ${receptionBit(name as ReceptionCondition)} else 0 end`,
  );
  const computed: Record<string, string> = {
    reception_key: `min(p.id) ${reception}`,
    reception_flags: `case when p.id = min(p.id) ${reception} then ${flags.join(' + ')} else 0 end
      + case when min(p.patient_id) ${reception} <> max(p.patient_id) ${reception}
          then ${SHARED_RECEPTION_BIT} else 0 end`,
    store_reception_key:
      'min(p.id) over (partition by p.store_id, p.dispensing_date, p.reception_id)',
    pharmacist_day: sqlText(PHARMACIST_DAY),
    hour: sqlText(RECEPTION_HOUR),
    ...PATIENT_KEYS,
    generic_quantity: 'g.generic_quantity',
    eligible_quantity: 'g.eligible_quantity',
    generic_classes: 'coalesce(g.generic_classes, 0)',
  };
  return `insert into prescriptions
    select ${columnList(PRESCRIPTIONS, 'p')}, ${SHEET_KEYS.map(([c]) => computed[c]!).join(', ')}
    from ${source} p
    ${PATIENT_JOINS}
    left join (
      select l.prescription_id, sum(${sqlText(genericQuantity)}) as generic_quantity,
        sum(${sqlText(eligibleQuantity)}) as eligible_quantity,
        bit_or(${sqlText(genericClassBit(sql`l.generic_class`))}) as generic_classes
      from staged_medicines l group by l.prescription_id
    ) g on g.prescription_id = p.id
    order by p.dispensing_date, p.id`;
}

/** The medicine `i` of a line `l`. */
const SAME_MEDICINE = `i.code = l.code and i.name = l.name and i.yj_code is not distinct from l.yj_code`;

/** Adds the medicines of the staged lines that MEDICINE_ITEMS lacks yet. */
const NEW_MEDICINE_ITEMS = `insert into ${MEDICINE_ITEMS.name}
  select nextval('medicine_item_ids'), code, name, yj_code
  from (select distinct code, name, yj_code from staged_medicines) l
  where not exists (select 1 from ${MEDICINE_ITEMS.name} i where ${SAME_MEDICINE})`;

/** Inserts the lines of a source with their sheet's keys (its sheets inserted already). */
function insertLines(table: ReplicatedTable, source: string, where: string): string {
  const medicines = table === MEDICINE_LINES;
  const keys = [
    ...lineSheetKeys(table).map(([c]) => `p.${c}`),
    ...(table === FEES ? [sqlText(feeCategoryIndex('l'))] : []),
    ...(medicines ? ['i.id'] : []),
  ];
  // In the order of their dates, or DuckDB skips no row group of another month and groups a
  // page twice as slowly. Sorted here rather than by the system of record, whose one thread the
  // loads share (the sort was half of reading a store-month's lines there).
  return `insert into ${table.name}
    select ${columnList(table, 'l')}, ${keys.join(', ')}
    from ${source} l join (select * from prescriptions where ${where}) p
      on p.id = l.prescription_id
    ${medicines ? `join ${MEDICINE_ITEMS.name} i on ${SAME_MEDICINE}` : ''}
    order by p.dispensing_date, l.prescription_id, l.line_no`;
}

/** The staged patients the replica held with other values (before they replace them). */
function changedPatients(corporationId: number): string {
  return `create or replace temp table changed_patients as select id from (
      select * from staged_patients
      except
      select * from patients where corporation_id = ${corporationId}
        and id in (select id from staged_patients))
    where id in (select id from patients where corporation_id = ${corporationId})`;
}

/**
 * Gives the changed patients' sheets of other dates and stores their new keys (those being
 * replaced take them as they go in). Their sheets are picked before the joins: on a bench-M
 * replica, for a day's 200 patients moved, 48–118 ms instead of 355–534 ms when the whole
 * corporation's sheets were joined to their patients and labels first.
 */
function updatePatientKeys(corporationId: number): string {
  const columns = Object.keys(PATIENT_KEYS);
  return `update prescriptions set ${columns.map((c) => `${c} = u.${c}`).join(', ')}
    from (
      select p.id, ${Object.entries(PATIENT_KEYS)
        .map(([c, e]) => `${e} as ${c}`)
        .join(', ')}
      from (
        select * from prescriptions
        where corporation_id = ${corporationId} and patient_id in (select id from changed_patients)
      ) p ${PATIENT_JOINS}
    ) u
    where prescriptions.corporation_id = ${corporationId} and prescriptions.id = u.id
      and (${columns.map((c) => `prescriptions.${c} is distinct from u.${c}`).join(' or ')})`;
}

/** A CSV file of the system of record's COPY as a DuckDB table source. */
function csvSource(table: ReplicatedTable, file: string): string {
  const columns = table.columns.map(([c, type]) => `${quote(c)}: ${quote(type)}`).join(', ');
  return `read_csv(${quote(file)}, header = false, delim = ',', quote = '"', escape = '"',
    allow_quoted_nulls = false, columns = {${columns}})`;
}

function insertFromCsv(table: ReplicatedTable, file: string): string {
  return `insert into ${table.name} select * from ${csvSource(table, file)}`;
}
