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
    expandRow: 'Show age bands of selection {{number}} (area {{mesh}})',
    collapseRow: 'Hide age bands of selection {{number}} (area {{mesh}})',
    rowLoading: 'Loading',
  },
  maps: {
    settings: 'Map settings',
    openSettings: 'Open the map settings',
    closeSettings: 'Close the map settings',
    shownMarkers: 'Markers shown',
    patients: 'Patients',
    patientCategory: 'Patient category',
    searchThisArea: 'Search this area again',
    zoomInToSearch: 'Zoom in to search the facilities of this area',
    facilitiesFailed: 'Facilities could not be loaded. Please search again',
    facilitiesTruncated: 'Many facilities: those nearest the centre are shown',
    facilityLegend: 'Marker legend',
    facilityFigures: {
      prescriptionPatients: 'Prescription patients (month)',
      outpatients: 'Outpatients (day)',
      homecarePatients: 'Home-care patients',
      capacity: 'Capacity',
      totalUsers: 'Residents',
    },
    categoryLegend: 'Patient category legend',
    categoryLegendHint: 'Press a category to highlight its patients',
    distributionNote:
      'The map is centred on the first store of the store selection. Patients are shown at the representative point of their town.',
    distributionMap: 'Distribution map',
    distributionFailed: 'The patient distribution could not be loaded',
    noPatients: 'No patient to show on the map for this condition',
    ownStore: 'Own store: {{name}}',
    facilityCredit:
      'Facilities: processed from the open data of the Medical Information Net (Ministry of Health, Labour and Welfare)',
  },
};
