/** English fallback of the 施設基準 page chrome; spread into en.ts. */
export const facilityStandardsEn = {
  facilityStandards: {
    stores: 'Judgement by store',
    openDetail: 'Details',
    backToList: 'Back to the list',
    sparkline:
      '施設基準 receptions of {{store}} ({{from}} to {{to}}, solid observed, dashed projected)',
    chart: '施設基準 receptions of {{store}} (observed, projected, a year before)',
    noStores: 'No stores to show.',
    storeNotFound: 'This store’s judgement cannot be shown.',
    loading: 'Loading the judgements',
    csv: 'CSV',
    observedUntil: 'Judged on the figures up to {{month}} and projected after.',
    rulesLoading: 'Loading the rules',
    rulesFailed: 'The sources of the rules could not be loaded.',
    clauseOf: 'Condition {{clause}}',
    anyClause: 'A rule holds when every requirement of one of its conditions holds.',
    clauseColumn: 'Clause',
    marginColumn: 'Against the threshold',
    openSettings: 'Open the settings',
  },
};
