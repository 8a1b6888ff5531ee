export { FacilityLegend } from './FacilityLegend.tsx';
export { FACILITY_LAYER_ID, FacilityOverlay } from './FacilityOverlay.tsx';
