export { BaseMap, type BaseMapProps } from './BaseMap.tsx';
export { BOUNDARIES_CREDIT } from './boundaries.ts';
export { StorePin } from './StorePin.tsx';
