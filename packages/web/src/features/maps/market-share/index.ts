export { MarketSharePage, type FacilitySlots, type RenderFacilities } from './MarketSharePage.tsx';
export type { MarketShareMapProps, PlacedStore } from './types.ts';
