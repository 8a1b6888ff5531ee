/**
 * Japanese UI chrome of the store scorecard and of the figures it shares with the dashboard;
 * spread into ja.ts. KPI labels, definitions and messages come from @pharmalytics/domain.
 */
export const scorecardJa = {
  scorecard: {
    tableLabel: '店舗別実績一覧（{{period}}、比較期間 {{comparison}}）',
    store: '店舗',
    base: '当期',
    comparison: '比較',
    change: '増減',
    unit: '単位: {{unit}}',
    guide: '目安 {{value}}',
    aboveGuide: '目安超',
    aboveGuideLong: '目安の{{value}}を超えています',
    openCell: '{{text}}（{{store}}の{{metric}}を{{page}}で見る）',
    openStore: '{{store}}（{{page}}で見る）',
    loadFailed: '読み込めませんでした',
  },
  figures: {
    definitionOf: '{{label}}の定義',
  },
} as const;
