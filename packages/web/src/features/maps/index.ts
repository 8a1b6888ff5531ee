export {
  MarketSharePage,
  type FacilitySlots,
  type RenderFacilities,
} from './market-share/index.ts';
