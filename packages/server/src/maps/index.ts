export { facilityRoutes } from './facility-routes.ts';
export {
  DEMO_FACILITY_SOURCE,
  type FacilityLoadCounts,
  type FacilityRow,
  loadDemoFacilities,
  upsertFacilities,
} from './facility-master.ts';
export { patientDistributionRoutes } from './patient-distribution-routes.ts';
export { cachedAcquired, meshEstimatesOnly, storeMarketShare } from './market-share-service.ts';
