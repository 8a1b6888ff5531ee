import {
  facilityMastersResponseSchema,
  MAP_API_PATHS,
  type FacilityItem,
  type MarkerCategory,
  type Viewport,
} from '@pharmalytics/domain';
import { api } from '../../../api/index.ts';

/** The facilities of a viewport by type, and whether any type had more than the call's limit. */
export interface FacilitySearchResult {
  byType: Partial<Record<MarkerCategory, FacilityItem[]>>;
  truncated: boolean;
}

/** A response that does not have the contract's shape. */
export class FacilityResponseError extends Error {
  constructor() {
    super(`Unexpected response of ${MAP_API_PATHS.facilityMasters}`);
    this.name = 'FacilityResponseError';
  }
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
    const query = new URLSearchParams({
      type,
      north_east_lat: degrees(viewport.north_east_lat),
      north_east_lng: degrees(viewport.north_east_lng),
      south_west_lat: degrees(viewport.south_west_lat),
      south_west_lng: degrees(viewport.south_west_lng),
    });
    const body = await api.get<unknown>(`${MAP_API_PATHS.facilityMasters}?${query}`, { signal });
    const parsed = facilityMastersResponseSchema.safeParse(body);
    if (!parsed.success) throw new FacilityResponseError();
    result.byType[type] = parsed.data.items;
    result.truncated ||= parsed.data.truncated;
  }
  return result;
}
