export { facilityStandardRulesOn, loadFacilityStandardRules } from './rules-queries.ts';
export { facilityStandardRoutes } from './routes.ts';
export { facilityMeasureRoutes } from './measure-routes.ts';
export { facilityJudgementRoutes } from './judgement-routes.ts';
export { alertSettingsOf } from './settings-queries.ts';
export { facilityAlertRoutes } from './alert-routes.ts';
export { memberFacilityAlerts } from './service.ts';
export { judgeStores } from './judgements.ts';
export { storeFactsOf } from './judgement-queries.ts';
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
