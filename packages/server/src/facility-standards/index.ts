export { facilityStandardRulesOn, loadFacilityStandardRules } from './rules-queries.ts';
export { facilityStandardRoutes } from './routes.ts';
