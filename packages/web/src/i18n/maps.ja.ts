/**
 * Japanese UI chrome of the map screens; spread into ja.ts. Spec labels and messages come from
 * @pharmalytics/domain.
 */
export const mapsJa = {
  marketShare: {
    mapLabel: '{{store}}の獲得率分布マップ',
    mapUnavailable: 'この環境では地図を表示できません。',
    loading: '獲得率を読み込み中',
    hint: '地図上のエリアをクリックすると選択でき、もう一度クリックすると選択を解除できます。',
    storePin: '{{store}}の所在地',
    legend: '獲得率の凡例: 0% から {{max}}',
    settingsOpen: '表示設定を開く',
    settingsClose: '表示設定を閉じる',
    expandRow: '選択番号{{number}}（エリアID {{mesh}}）の年代別を開く',
    collapseRow: '選択番号{{number}}（エリアID {{mesh}}）の年代別を閉じる',
    rowLoading: '読み込み中',
  },
} as const;
