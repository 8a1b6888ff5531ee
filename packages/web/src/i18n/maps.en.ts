import type { mapsJa } from './maps.ja.ts';

type Widen<T> = { [K in keyof T]: T[K] extends string ? string : Widen<T[K]> };

/** English fallback of the map screens' chrome; spread into en.ts. */
export const mapsEn: Widen<typeof mapsJa> = {
  marketShare: {
    mapLabel: 'Acquisition rate map around {{store}}',
    mapUnavailable: 'The map cannot be shown in this environment.',
    loading: 'Loading acquisition rates',
    hint: 'Click an area on the map to select it; click it again to deselect it.',
    storePin: 'Location of {{store}}',
    legend: 'Acquisition rate legend: 0% to {{max}}',
    settingsOpen: 'Open display settings',
    settingsClose: 'Close display settings',
    expandRow: 'Show age bands of selection {{number}} (area {{mesh}})',
    collapseRow: 'Hide age bands of selection {{number}} (area {{mesh}})',
    rowLoading: 'Loading',
  },
};
