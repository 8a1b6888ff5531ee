import type { Resources } from './ja.ts';

export const facilityStandardsSettingsEn: Pick<Resources, 'facilityStandardsSettings'> = {
  facilityStandardsSettings: {
    lead: 'What the judgement of the facility standards needs and the data cannot tell.',
    loadFailed: 'The settings could not be loaded.',
    delete: 'Delete',
    deleteOf: 'Delete {{name}}',
    deleteConfirm: 'Delete',
    add: 'Add',
    buildings: {
      title: 'Institutions in one building',
      lead: 'Institutions in one building count as one institution in the concentration rate and the receptions from one institution.',
      empty: 'No building registered.',
      codesHint:
        'Choose 10-digit institution codes from the list, or type them separated by commas, spaces or line breaks.',
      replaceHint: 'Saving under the name of a registered building replaces its institutions.',
      save: 'Save building',
      edit: 'Edit',
      editOf: 'Edit {{name}}',
      institutions: 'Institutions',
      deleteTitle: 'Delete the building',
      deleteBody: '"{{name}}" will be deleted. Its institutions will be counted one by one.',
    },
    outsideStores: {
      title: 'Group stores outside Pharmalytics',
      lead: 'Receptions and stores of the group outside Pharmalytics, added to the group from the month on.',
      empty: 'No figure registered.',
      monthHint: 'yyyy-MM (e.g. 2026-04). A figure of the same month is replaced.',
      deleteTitle: 'Delete the figure',
      deleteBody: 'The figure from {{month}} will be deleted.',
      perMonth: '/month',
      stores: 'stores',
    },
    storeFacts: {
      title: 'Store facts',
      lead: 'Per store, the notifications and relationships the judgement assumes.',
      empty: 'No store.',
      defaults: 'Common case (not set)',
      save: 'Save',
      saveOf: 'Save the facts of {{name}}',
    },
    alertSettings: {
      title: 'Notices',
      lead: 'When a store is closer than this to a threshold, the dashboard and the monthly report mail say so.',
      perMonth: '/month',
      points: 'pt',
      receptionsHint: 'A whole number from 0',
      rateHint: 'For rates and shares, one decimal at most',
      save: 'Save',
    },
  },
};
