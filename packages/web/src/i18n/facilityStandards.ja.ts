/** Japanese UI chrome of the 施設基準 page; spread into ja.ts. Its labels come from @pharmalytics/domain. */
export const facilityStandardsJa = {
  facilityStandards: {
    stores: '店舗ごとの判定',
    openDetail: '詳細を見る',
    backToList: '一覧へ戻る',
    sparkline: '{{store}}の施設基準の受付回数（{{from}}〜{{to}}、実線は実績、破線は見込み）',
    chart: '{{store}}の施設基準の受付回数の推移（実績、見込み、前年同月）',
    noStores: '表示できる店舗がありません。',
    storeNotFound: 'この店舗の判定は表示できません。',
    loading: '判定を読み込み中',
    csv: 'CSV出力',
    observedUntil: '{{month}}までの実績と、その後の見込みから判定しています。',
    rulesLoading: '判定の内訳を読み込み中',
    rulesFailed: '判定の出典を読み込めませんでした。',
    clauseOf: '条件{{clause}}',
    anyClause: 'いずれかの条件をすべて満たすと該当します。',
    clauseColumn: '条項',
    marginColumn: '基準との差',
    openSettings: '施設基準の設定を開く',
  },
};
