export * from './demo-accounts.ts';
export {
  DEMO_FEES,
  DEMO_MATERIALS,
  DEMO_MEDICINES,
  R6_START,
  R8_START,
  type DemoFee,
  type DemoGenericClass,
  type DemoIngredientProducts,
  type DemoMaterial,
  type DemoMedicine,
  type DemoRevision,
  type DemoRoute,
  demoFeeOn,
  demoFeePoints,
  demoMedicineByCode,
  isValidYjCode,
  productChoices,
  revisionOn,
  yjCheckDigit,
} from './catalog.ts';
export {
  isJapaneseHoliday,
  isPharmacyClosedDay,
  japaneseHolidayName,
  japaneseHolidaysOf,
} from './calendar.ts';
export { toDispensingCsv } from './csv.ts';
export { drugPoints, generateStoreMonth } from './generate.ts';
export { Rng, createRng, deriveSeed, hashString } from './rng.ts';
export {
  type DemoClinic,
  type DemoDoctor,
  type DemoFacility,
  type DemoPatient,
  type DemoPatientKind,
  type DemoPharmacist,
  type DemoStoreProfile,
  type DemoTown,
  type DemoWorld,
  type DemoWorldInput,
  type DemoWorldStore,
  createDemoWorld,
  institutionCode,
} from './world.ts';
export { type DemoMasterFacility, demoFacilityMaster } from './facility-master.ts';
export { DEMO_STATIONS, type DemoStation } from './stations.ts';
export * from './facility-history.ts';
export { CLOSING_CLINIC, closingClinic, DECLINING_FLOW, decliningClinic } from './story.ts';
