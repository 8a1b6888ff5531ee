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
    expandRow: '選択番号{{number}}（エリアID {{mesh}}）の年代別を開く',
    collapseRow: '選択番号{{number}}（エリアID {{mesh}}）の年代別を閉じる',
    rowLoading: '読み込み中',
  },
  maps: {
    settings: '表示設定',
    openSettings: '表示設定を開く',
    closeSettings: '表示設定を閉じる',
    shownMarkers: '表示するマーカー',
    patients: '患者',
    patientCategory: '患者の分類',
    searchThisArea: 'このエリアで再検索',
    zoomInToSearch: '地図を拡大すると、このエリアの施設を検索できます',
    facilitiesFailed: '施設を読み込めませんでした。もう一度検索してください',
    facilitiesTruncated: '施設が多いため、地図の中心に近いものから表示しています',
    facilityLegend: 'マーカーの凡例',
    facilityFigures: {
      prescriptionPatients: '処方箋受付患者数（月）',
      outpatients: '外来患者数（日）',
      homecarePatients: '在宅患者数',
      capacity: '定員',
      totalUsers: '入居者数',
    },
    categoryLegend: '患者の分類の凡例',
    categoryLegendHint: '分類を押すと、その分類の患者を強調表示します',
    distributionNote:
      'マップは、店舗選択で先頭にある店舗を中心に表示します。患者は住所の町域の代表点に表示します。',
    distributionMap: '分布マップ',
    distributionFailed: '患者分布を読み込めませんでした',
    noPatients: 'この条件で地図に表示できる患者はいません',
    ownStore: '自店舗: {{name}}',
    facilityCredit:
      '施設の出典：厚生労働省「医療情報ネット（ナビイ）」オープンデータ（全国統一の医療機関等情報）を加工して作成',
  },
} as const;
