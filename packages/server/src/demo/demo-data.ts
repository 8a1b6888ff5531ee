import { setImmediate as yieldToRequests } from 'node:timers/promises';
import { DEMO_MEDICINES } from '@pharmalytics/datagen';
import { todayInJapan } from '@pharmalytics/domain';
import type { Database } from '../db/connection.ts';
import type { DeviceIdentity } from '../ingestion/device-auth.ts';
import { loadFile } from '../ingestion/ingest-file.ts';
import { fromMoved } from '../ingestion/prepared-file.ts';
import { loadDemoFacilities } from '../maps/index.ts';
import { importMedicines, seedMastersIfEmpty } from '../masters/seed-masters.ts';
import { backgroundThread } from '../workers/background.ts';
import type { DemoPlan } from './demo-world.ts';

function yesterdayInJapan(): string {
  return todayInJapan(new Date(Date.now() - 24 * 60 * 60 * 1000));
}

/** Months from the first to the last date, as yyyy-MM. */
function monthsBetween(from: string, to: string): string[] {
  const months: string[] = [];
  let [year, month] = from.split('-').map(Number) as [number, number];
  const last = to.slice(0, 7);
  for (;;) {
    const current = `${year}-${String(month).padStart(2, '0')}`;
    months.push(current);
    if (current >= last) return months;
    month += 1;
    if (month > 12) [year, month] = [year + 1, 1];
  }
}

/**
 * The shared masters (real mesh population and medicine-master sample) and the demo world's
 * medicines with their generic classes, when the database has none yet. Answers whether it
 * loaded them.
 */
export async function seedDemoMasters(db: Database): Promise<boolean> {
  if (!(await seedMastersIfEmpty(db))) return false;
  await importMedicines(
    db,
    DEMO_MEDICINES.map((m) => ({
      code: m.receiptCode,
      yjCode: m.yjCode,
      name: m.name,
      unit: m.unit,
      price: m.price,
      isGeneric: m.genericClass === 3,
      genericClass: m.genericClass,
      validFrom: null,
      validTo: null,
    })),
  );
  return true;
}

/**
 * The demo world's facilities and, with `history`, two years of dispensing history, loaded
 * through the real ingestion path: each store-month's generated prescriptions are loaded as the
 * parsed file that store's uploader would have sent (without its text: see demoFile). A
 * corporation's newest months first, so its recent periods fill first; a month already loaded
 * (after a restart) is skipped, so an interrupted load resumes. The facilities are master data: they load without the history too.
 */
export async function loadDemoData(
  db: Database,
  dataDir: string,
  progress: (message: string) => void,
  options: {
    history?: boolean;
    /** Load at most this many store-months (the rest resumes on a later call). */
    limit?: number;
  } = {},
): Promise<void> {
  const { history = true, limit = Number.POSITIVE_INFINITY } = options;
  await seedDemoMasters(db);
  // The world is built and its files written on a thread of their own, next to the one that
  // parses uploads; closing it frees the world.
  const generator = backgroundThread();
  try {
    const endDate = yesterdayInJapan();
    const world = await generator.run('demoPlan', endDate);
    // By id: a restart changes nothing, and a newer generator replaces what it changed.
    await loadDemoFacilities(db, world.facilities, (f) => ({
      first: world.firstSeenOn[f.sourceId]!,
      last: world.lastSeenOn[f.sourceId]!,
    }));
    if (history) {
      await loadHistory(db, dataDir, endDate, world.stores, generator.run, progress, limit);
    }
  } finally {
    await generator.close();
  }
}

async function loadHistory(
  db: Database,
  dataDir: string,
  endDate: string,
  worldStores: DemoPlan['stores'],
  generate: ReturnType<typeof backgroundThread>['run'],
  progress: (message: string) => void,
  limit: number,
): Promise<void> {
  const stores = await db
    .selectFrom('stores as s')
    .innerJoin('corporations as c', 'c.id', 's.corporation_id')
    .innerJoin('device_users as u', (j) =>
      j.onRef('u.store_id', '=', 's.id').onRef('u.corporation_id', '=', 's.corporation_id'),
    )
    .select([
      's.corporation_id',
      's.id',
      's.store_code',
      's.name',
      's.insurance_institution_code',
      'u.user_name',
    ])
    .execute();
  const loaded = new Set(
    (
      await db
        .selectFrom('uploads as u')
        .innerJoin('stores as s', (j) =>
          j.onRef('s.id', '=', 'u.store_id').onRef('s.corporation_id', '=', 'u.corporation_id'),
        )
        .select(['s.store_code', 'u.file_name'])
        .where('u.status', '=', 'loaded')
        .execute()
    ).map((u) => `${u.store_code}/${u.file_name}`),
  );
  const fileName = (month: string) => `dispensing_${month}.csv`;
  const corporationOf = (store: DemoPlan['stores'][number]) =>
    stores.find((s) => s.store_code === store.storeCode)?.corporation_id ?? 0;
  const months = worldStores
    .flatMap((store) =>
      monthsBetween(store.dataFrom, store.dataTo).map((month) => ({ store, month })),
    )
    .filter(({ store, month }) => !loaded.has(`${store.storeCode}/${fileName(month)}`))
    // One corporation after another: the line tables' keys begin with the corporation, so rows
    // of a corporation loaded after another's would land inside the index instead of at its end,
    // and every page they fill would be split in half (the indexes grew by three quarters).
    .sort(
      (a, b) => corporationOf(a.store) - corporationOf(b.store) || b.month.localeCompare(a.month),
    )
    .slice(0, limit);
  let done = 0;
  const loadMonth = async ({ store, month }: (typeof months)[number]) => {
    const row = stores.find((s) => s.store_code === store.storeCode);
    if (!row) return;
    const device: DeviceIdentity = {
      corporationId: row.corporation_id,
      storeId: row.id,
      storeCode: row.store_code,
      storeName: row.name,
      insuranceInstitutionCode: row.insurance_institution_code,
      userName: row.user_name,
    };
    const file = await generate('demoFile', {
      endDate,
      storeCode: store.storeCode,
      month,
      pharmacyCode: row.insurance_institution_code!,
    });
    await loadFile(
      db,
      device,
      { fileName: fileName(month), hash: file.hash, size: file.size },
      fromMoved(file.prepared),
    );
    await yieldToRequests();
    done += 1;
    if (done % 10 === 0 || done === months.length) {
      progress(
        `デモデータを読み込んでいます… ${done}/${months.length}（${store.storeCode} ${month}）`,
      );
    }
  };
  // Several files in flight, so that the worker thread writes and parses the next ones while
  // this thread loads one into the database.
  let next = 0;
  const lane = async () => {
    while (next < months.length) await loadMonth(months[next++]!);
  };
  await Promise.all(Array.from({ length: 4 }, lane));
}
