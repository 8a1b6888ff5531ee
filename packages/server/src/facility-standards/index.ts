export { facilityStandardRulesOn, loadFacilityStandardRules } from './rules-queries.ts';
export { facilityStandardRoutes } from './routes.ts';
export { facilityMeasureRoutes } from './measure-routes.ts';
export { alertSettingsOf, facilityJudgementRoutes } from './judgement-routes.ts';
export { facilityAlertRoutes, memberFacilityAlerts } from './alert-routes.ts';
export { judgeStores, storeFactsOf } from './judgements.ts';
export {
  buildingsOf,
  deleteGroupOutsideStores,
  deleteSameBuildingGroup,
  listGroupOutsideStores,
  listSameBuildingGroups,
  saveGroupOutsideStores,
  saveSameBuildingGroup,
  type SameBuildingGroup,
} from './measure-inputs-queries.ts';
