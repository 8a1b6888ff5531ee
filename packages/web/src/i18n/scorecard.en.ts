import type { Resources } from './ja.ts';

export const scorecardEn: Pick<Resources, 'scorecard' | 'figures'> = {
  scorecard: {
    tableLabel: 'Store scorecard ({{period}}, compared with {{comparison}})',
    store: 'Store',
    base: 'Period',
    comparison: 'Comparison',
    change: 'Change',
    unit: 'Unit: {{unit}}',
    guide: 'Guide {{value}}',
    aboveGuide: 'Above guide',
    aboveGuideLong: 'Above the guide of {{value}}',
    openCell: '{{text}} (open {{metric}} of {{store}} in {{page}})',
    openStore: '{{store}} (open in {{page}})',
    loadFailed: 'Could not load',
  },
  figures: {
    definitionOf: 'Definition of {{label}}',
  },
};
