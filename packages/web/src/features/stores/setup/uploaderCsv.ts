import { toCsv, UPLOADER_INFO_CSV } from '@pharmalytics/domain';
import type { Store } from '../../../api/index.ts';

/** One row per store with uploader credentials: store ID, name, user name, key. */
export function uploaderInfoRows(stores: readonly Store[]): string[][] {
  return stores
    .filter((store) => store.clientDeviceUser !== null)
    .map((store) => [
      store.storeCode,
      store.name,
      store.clientDeviceUser!.name,
      store.clientDeviceUser!.plainTextPassword,
    ]);
}

/** The CSV text: header and rows, UTF-8 with BOM (spec 01 §7). */
export function uploaderInfoCsv(stores: readonly Store[]): string {
  return toCsv([UPLOADER_INFO_CSV.header, ...uploaderInfoRows(stores)], {
    bom: UPLOADER_INFO_CSV.bom,
  });
}
