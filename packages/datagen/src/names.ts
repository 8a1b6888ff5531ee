/** Word lists for demo names (people, clinics, facilities) and the prefecture names. */

export const PREFECTURE_NAMES: readonly string[] = [
  '北海道',
  '青森県',
  '岩手県',
  '宮城県',
  '秋田県',
  '山形県',
  '福島県',
  '茨城県',
  '栃木県',
  '群馬県',
  '埼玉県',
  '千葉県',
  '東京都',
  '神奈川県',
  '新潟県',
  '富山県',
  '石川県',
  '福井県',
  '山梨県',
  '長野県',
  '岐阜県',
  '静岡県',
  '愛知県',
  '三重県',
  '滋賀県',
  '京都府',
  '大阪府',
  '兵庫県',
  '奈良県',
  '和歌山県',
  '鳥取県',
  '島根県',
  '岡山県',
  '広島県',
  '山口県',
  '徳島県',
  '香川県',
  '愛媛県',
  '高知県',
  '福岡県',
  '佐賀県',
  '長崎県',
  '熊本県',
  '大分県',
  '宮崎県',
  '鹿児島県',
  '沖縄県',
];

/** Prefecture name of a JIS code (1–47). */
export function prefectureName(id: number): string {
  const name = PREFECTURE_NAMES[id - 1];
  if (!name) throw new Error(`unknown prefecture: ${id}`);
  return name;
}

export const FAMILY_NAMES: readonly string[] = (
  '佐藤 鈴木 高橋 田中 伊藤 渡辺 山本 中村 小林 加藤 吉田 山田 佐々木 山口 松本 井上 木村 林 斎藤 清水 ' +
  '山崎 森 池田 橋本 阿部 石川 山下 中島 石井 小川 前田 岡田 長谷川 藤田 後藤 近藤 村上 遠藤 青木 坂本 ' +
  '斉藤 福田 太田 西村 藤井 金子 岡本 藤原 中野 三浦 原田 中川 松田 竹内 小野 田村 中山 和田 石田 森田 ' +
  '上田 原 内田 柴田 酒井 宮崎 横山 高木 安藤 宮本 大野 小島 谷口 今井 工藤 高田 増田 丸山 杉山 村田 ' +
  '大塚 新井 小山 平野 藤本 河野 上野 野口 武田 松井 千葉 岩崎 菅原 木下 久保 佐野 野村 松尾 市川 菊地 ' +
  '古賀 江口 永田 末永 吉村 原口 白石 樋口 堤 平田'
).split(' ');

export const MALE_GIVEN_NAMES: readonly string[] = (
  '一郎 健一 誠 大輔 翔 浩 直樹 亮 修 洋平 健太 拓也 隆 剛 学 達也 和也 哲也 秀樹 正人 ' +
  '雄一 康弘 博之 智也 優斗 蓮 悠真 陽翔 湊 大和 翔太 拓海 健司 信也 光男 勝 茂 清 弘 実 ' +
  '昭 進 稔 豊 武 正 和夫 義男 俊介 航'
).split(' ');

export const FEMALE_GIVEN_NAMES: readonly string[] = (
  '花子 由美 真理子 彩 恵 恵子 美和 智子 洋子 幸子 久美子 裕子 直美 明美 陽子 京子 純子 美穂 愛 舞 ' +
  '麻衣 沙織 美咲 陽菜 結衣 葵 凛 芽依 さくら 優子 千尋 香織 瞳 薫 紀子 和子 節子 文子 悦子 ' +
  '静香 奈々 莉子 彩花 美紀 理恵 友美 絵美 亜希子 佳奈'
).split(' ');

/** Words for clinic names that are not place or family names. */
export const CLINIC_WORDS: readonly string[] = [
  'さくら',
  'ひまわり',
  'あおば',
  'みどり',
  'けやき',
  'すずらん',
  'やまびこ',
  'ひだまり',
  'こもれび',
  'つばさ',
  'はるかぜ',
  'そよかぜ',
  'わかば',
  'あおぞら',
];

/** Names of competitor pharmacies (the chain part). */
export const PHARMACY_BRANDS: readonly string[] = [
  'あおい薬局',
  'ひまわり調剤薬局',
  'くすのき薬局',
  'つばめ薬局',
  'なごみ調剤薬局',
  'オレンジ薬局',
  'ふたば薬局',
  'まごころ調剤薬局',
  'いろは薬局',
  'にこにこ薬局',
  'みなと調剤薬局',
  'はなみずき薬局',
];

export const CARE_FACILITY_WORDS: readonly string[] = [
  'やすらぎ',
  'ふれあい',
  'いこい',
  'なごみ',
  'ひなた',
  'ゆうあい',
  'かがやき',
  '陽だまり',
  'すこやか',
  'あんしん',
  '和み',
  '憩',
];

/** The place part of a town name: '天神二丁目' → '天神', '大字朽網' → '朽網'. */
export function placeBase(town: string): string {
  const base = town
    .replace(/^大字/, '')
    .replace(/[一二三四五六七八九十]+丁目$/, '')
    .replace(/[0-9０-９]+$/, '');
  return base === '' ? town : base;
}
