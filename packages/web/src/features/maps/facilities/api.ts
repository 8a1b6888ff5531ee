import {
  mapsContracts,
  type FacilityItem,
  type MarkerCategory,
  type Viewport,
} from '@pharmalytics/domain';
import { call } from '../../../api/index.ts';

/** The facilities of a viewport by type, and whether any type had more than the call's limit. */
export interface FacilitySearchResult {
  byType: Partial<Record<MarkerCategory, FacilityItem[]>>;
  truncated: boolean;
}

/** Degrees sent with the precision JavaScript prints; the call takes up to 20 decimals. */
const degrees = (value: number) => String(value);

/**
 * GET /v3/facility_masters for each type, one call after another (spec 02 §7), within the
 * viewport. A failed call fails the search: the markers shown stay as they were.
 */
export async function fetchFacilities(
  viewport: Viewport,
  types: readonly MarkerCategory[],
  signal?: AbortSignal,
): Promise<FacilitySearchResult> {
  const result: FacilitySearchResult = { byType: {}, truncated: false };
  for (const type of types) {
    const query = {
      type,
      north_east_lat: degrees(viewport.north_east_lat),
      north_east_lng: degrees(viewport.north_east_lng),
      south_west_lat: degrees(viewport.south_west_lat),
      south_west_lng: degrees(viewport.south_west_lng),
    };
    const answer = await call(mapsContracts.facilityMasters, { query }, { signal });
    result.byType[type] = answer.items;
    result.truncated ||= answer.truncated;
  }
  return result;
}
