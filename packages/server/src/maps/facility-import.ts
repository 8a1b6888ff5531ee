import { FACILITY_IMPORT_MESSAGES } from '@pharmalytics/domain';
import type { Database } from '../db/connection.ts';
import { upsertFacilities, type FacilityLoadCounts } from './facility-master.ts';
import {
  MEDICAL_INFO_SOURCE,
  OpenDataFileError,
  readMedicalInfoOpenData,
  type RefusedLine,
} from './medical-info-open-data.ts';

export interface FacilityImport extends FacilityLoadCounts {
  /** Lines not taken, with their reasons. */
  refused: RefusedLine[];
  /** Lines of kinds the maps do not draw. */
  skipped: number;
}

/**
 * Loads one facility list of the medical information open data into the facility master, in
 * one transaction: facilities are added or updated by their ID, and a file loaded again changes
 * nothing. Throws OpenDataFileError (nothing loaded) for a file that is not in the layout.
 */
export async function importMedicalInfoFile(
  db: Database,
  bytes: Uint8Array,
): Promise<FacilityImport> {
  const file = readMedicalInfoOpenData(bytes);
  if (file.rows.length + file.refused.length + file.skipped === 0) {
    throw new OpenDataFileError(FACILITY_IMPORT_MESSAGES.noRows);
  }
  const counts = await upsertFacilities(db, MEDICAL_INFO_SOURCE, file.rows);
  return { ...counts, refused: file.refused, skipped: file.skipped };
}
