/**
 * The demo catalogue: commonly dispensed medicines, a few special medical materials (特定保険医療材料)
 * and the fee items (調剤報酬) the generator bills, with the points of the 令和6年度 (R6, from
 * 2024-06-01) and 令和8年度 (R8, from 2026-06-01) revisions.
 *
 * Codes follow the real formats: YJ codes are 12 characters (薬効分類 4 + 投与経路・成分 3 + 剤形 1 +
 * 規格 1 + 銘柄 2 + check digit, computed with the published check-digit rule), receipt codes
 * (レセ電コード) 9 digits starting with 6, material codes 9 digits starting with 7 and fee codes
 * 9 digits starting with 4 (41 基本料, 42 薬剤調製料, 43 薬剤調製料加算, 44 薬学管理料, 45 基本料加算).
 * The first 7 characters of a YJ code name the ingredient's 薬効分類; the remaining characters and
 * the receipt, material and fee codes are demo values in those formats, not copies of the national
 * masters. Prices are typical 2024 薬価 levels. The server seeds its medicine master with
 * DEMO_MEDICINES so that its generic-rate metrics can classify every generated line.
 */
import type { FeeCategory } from '@pharmalytics/domain';

/** MHLW generic class: 1 先発品 without generics (or none of both), 2 先発品 with generics, 3 後発品. */
export type DemoGenericClass = 1 | 2 | 3;

/** 内用 (tablets, capsules, powders, syrups), 外用 or 注射. */
export type DemoRoute = '内用' | '外用' | '注射';

export interface DemoMedicine {
  /** YJ code (個別医薬品コード), 12 characters. */
  yjCode: string;
  /** レセ電コード, 9 digits. */
  receiptCode: string;
  name: string;
  /** 規格単位 of the price and of quantities. */
  unit: string;
  /** 薬価 in yen per unit. */
  price: number;
  genericClass: DemoGenericClass;
  /** For a generic: the YJ code of its brand (先発品) in this catalogue. */
  brandOf?: string;
  /** Ingredient key shared by a brand and its generics. */
  ingredient: string;
  route: DemoRoute;
  /** 向精神薬 (薬剤調製料 麻薬等加算 8点). */
  psychotropic?: boolean;
  /** 特定薬剤管理指導加算1 target (抗凝固薬, 糖尿病用薬, 精神神経用剤 …). */
  highRisk?: boolean;
}

export interface DemoMaterial {
  /** 特定器材コード, 9 digits. */
  code: string;
  name: string;
  unit: string;
  /** 材料価格 in yen per unit. */
  price: number;
}

export type DemoRevision = 'R6' | 'R8';

export interface DemoFee {
  /** Stable key the generator bills by. */
  key: string;
  /** 調剤行為コード, 9 digits. */
  code: string;
  name: string;
  category: FeeCategory;
  /** Points of one calculation; null for an addition computed as a percentage (時間外加算). */
  points: number | null;
  /** For percentage additions: percent of the base (100 = +100%). */
  percent?: number;
  revision: DemoRevision;
  /** First day (yyyy-MM-dd) the row applies. */
  effectiveFrom: string;
  /** Last day the row applies; null while in force. */
  effectiveTo: string | null;
}

/** First day of the 令和8年度 fee schedule. */
export const R8_START = '2026-06-01';
/** First day of the 令和6年度 fee schedule. */
export const R6_START = '2024-06-01';

/** The revision in force on a dispensing date (dates before R6 are billed with R6 points). */
export function revisionOn(date: string): DemoRevision {
  return date >= R8_START ? 'R8' : 'R6';
}

// ---------------------------------------------------------------------------------------------
// YJ code check digit

function yjValue(ch: string): number {
  const code = ch.charCodeAt(0);
  if (code >= 48 && code <= 57) return code - 48;
  const i = code - 65; // A = 0
  if (i <= 8) return i + 1; // A–I → 1–9
  if (i <= 17) return i - 8; // J–R → 1–9
  return i - 16; // S–Z → 2–9
}

/** Check digit of an 11-character YJ / 薬価基準コード body. */
export function yjCheckDigit(body: string): string {
  if (!/^\d{7}[A-Z][0-9A-Z]{3}$/.test(body)) throw new Error(`not a YJ code body: ${body}`);
  const weights = [2, 3, 4, 5, 6, 7];
  let sum = 0;
  for (let i = 0; i < 11; i++) sum += yjValue(body[10 - i]!) * weights[i % 6]!;
  const cd = (11 - (sum % 11)) % 11;
  return String(cd === 10 ? 0 : cd);
}

/** Whether a 12-character code carries a valid check digit. */
export function isValidYjCode(code: string): boolean {
  return /^\d{7}[A-Z][0-9A-Z]{4}$/.test(code) && yjCheckDigit(code.slice(0, 11)) === code[11];
}

// ---------------------------------------------------------------------------------------------
// Medicines

interface ProductSpec {
  /** Brand number (YJ positions 10–11). */
  no: string;
  name: string;
  price: number;
  cls: DemoGenericClass;
}

interface IngredientSpec {
  ingredient: string;
  /** YJ positions 1–9: ingredient (7) + dosage form letter + strength digit. */
  body: string;
  unit: string;
  route: DemoRoute;
  psychotropic?: boolean;
  highRisk?: boolean;
  products: ProductSpec[];
  /** A real receipt code for the first product, when known. */
  receiptCode?: string;
}

const b = (no: string, name: string, price: number): ProductSpec => ({ no, name, price, cls: 2 });
const g = (no: string, name: string, price: number): ProductSpec => ({ no, name, price, cls: 3 });
const only = (no: string, name: string, price: number): ProductSpec => ({
  no,
  name,
  price,
  cls: 1,
});

const INGREDIENTS: IngredientSpec[] = [
  // 循環器
  {
    ingredient: 'amlodipine',
    body: '2171022F2',
    unit: '錠',
    route: '内用',
    products: [
      b('02', 'ノルバスク錠5mg', 15.2),
      g('15', 'アムロジピン錠5mg「サワイ」', 10.1),
      g('26', 'アムロジピンOD錠5mg「トーワ」', 10.1),
    ],
  },
  {
    ingredient: 'olmesartan',
    body: '2149044F4',
    unit: '錠',
    route: '内用',
    products: [
      b('02', 'オルメテックOD錠20mg', 37.3),
      g('11', 'オルメサルタンOD錠20mg「DSEP」', 19.4),
    ],
  },
  {
    ingredient: 'telmisartan',
    body: '2149042F2',
    unit: '錠',
    route: '内用',
    products: [
      b('03', 'ミカルディス錠40mg', 33.8),
      g('14', 'テルミサルタン錠40mg「サワイ」', 10.4),
    ],
  },
  {
    ingredient: 'candesartan',
    body: '2149040F3',
    unit: '錠',
    route: '内用',
    products: [b('02', 'ブロプレス錠8mg', 43.5), g('17', 'カンデサルタン錠8mg「あすか」', 17.1)],
  },
  {
    ingredient: 'azilsartan',
    body: '2149048F2',
    unit: '錠',
    route: '内用',
    products: [only('02', 'アジルバ錠20mg', 97.3)],
  },
  {
    ingredient: 'bisoprolol',
    body: '2123016F2',
    unit: '錠',
    route: '内用',
    products: [
      b('04', 'メインテート錠2.5mg', 18.3),
      g('13', 'ビソプロロールフマル酸塩錠2.5mg「サワイ」', 10.1),
    ],
  },
  {
    ingredient: 'furosemide',
    body: '2139005F1',
    unit: '錠',
    route: '内用',
    products: [b('03', 'ラシックス錠20mg', 9.8), g('18', 'フロセミド錠20mg「NIG」', 6.1)],
  },
  {
    ingredient: 'rosuvastatin',
    body: '2189017F1',
    unit: '錠',
    route: '内用',
    products: [
      b('02', 'クレストール錠2.5mg', 19.7),
      g('21', 'ロスバスタチン錠2.5mg「DSEP」', 10.1),
    ],
  },
  {
    ingredient: 'atorvastatin',
    body: '2189015F2',
    unit: '錠',
    route: '内用',
    products: [
      b('03', 'リピトール錠10mg', 37.6),
      g('19', 'アトルバスタチン錠10mg「サワイ」', 17.6),
    ],
  },
  {
    ingredient: 'pitavastatin',
    body: '2189016F2',
    unit: '錠',
    route: '内用',
    products: [
      b('02', 'リバロ錠2mg', 40.0),
      g('16', 'ピタバスタチンカルシウム錠2mg「トーワ」', 17.5),
    ],
  },
  {
    ingredient: 'ezetimibe',
    body: '2189018F1',
    unit: '錠',
    route: '内用',
    products: [b('02', 'ゼチーア錠10mg', 70.6), g('12', 'エゼチミブ錠10mg「サワイ」', 26.7)],
  },
  {
    ingredient: 'clopidogrel',
    body: '3399008F2',
    unit: '錠',
    route: '内用',
    products: [
      b('03', 'プラビックス錠75mg', 73.7),
      g('20', 'クロピドグレル錠75mg「サワイ」', 25.3),
    ],
  },
  {
    ingredient: 'aspirin',
    body: '3399007H1',
    unit: '錠',
    route: '内用',
    products: [b('03', 'バイアスピリン錠100mg', 5.7), g('10', 'アスピリン腸溶錠100mg「JG」', 5.7)],
  },
  {
    ingredient: 'apixaban',
    body: '3339004F2',
    unit: '錠',
    route: '内用',
    highRisk: true,
    products: [only('02', 'エリキュース錠5mg', 214.4)],
  },
  {
    ingredient: 'edoxaban',
    body: '3339002F4',
    unit: '錠',
    route: '内用',
    highRisk: true,
    products: [only('02', 'リクシアナOD錠30mg', 360.1)],
  },
  {
    ingredient: 'warfarin',
    body: '3332001F1',
    unit: '錠',
    route: '内用',
    highRisk: true,
    products: [b('04', 'ワーファリン錠1mg', 9.8), g('13', 'ワルファリンK錠1mg「トーワ」', 9.8)],
  },
  {
    ingredient: 'azilsartan-amlodipine',
    body: '2149118F2',
    unit: '錠',
    route: '内用',
    products: [only('02', 'ザクラス配合錠HD', 105.3)],
  },
  {
    ingredient: 'sacubitril-valsartan',
    body: '2190039F2',
    unit: '錠',
    route: '内用',
    products: [only('02', 'エンレスト錠100mg', 99.4)],
  },
  {
    ingredient: 'ezetimibe-atorvastatin',
    body: '2189102F2',
    unit: '錠',
    route: '内用',
    products: [only('02', 'アトーゼット配合錠HD', 161.9)],
  },
  {
    ingredient: 'rivaroxaban',
    body: '3339003F2',
    unit: '錠',
    route: '内用',
    highRisk: true,
    products: [only('02', 'イグザレルト錠15mg', 355.8)],
  },
  // 糖尿病
  {
    ingredient: 'metformin',
    body: '3962002F2',
    unit: '錠',
    route: '内用',
    highRisk: true,
    products: [
      b('03', 'メトグルコ錠250mg', 10.1),
      g('15', 'メトホルミン塩酸塩錠250mgMT「DSEP」', 10.1),
    ],
  },
  {
    ingredient: 'sitagliptin',
    body: '3969010F2',
    unit: '錠',
    route: '内用',
    highRisk: true,
    products: [only('02', 'ジャヌビア錠50mg', 113.2)],
  },
  {
    ingredient: 'linagliptin',
    body: '3969022F1',
    unit: '錠',
    route: '内用',
    highRisk: true,
    products: [only('02', 'トラゼンタ錠5mg', 143.4)],
  },
  {
    ingredient: 'dapagliflozin',
    body: '3969019F2',
    unit: '錠',
    route: '内用',
    highRisk: true,
    products: [only('02', 'フォシーガ錠10mg', 261.8)],
  },
  {
    ingredient: 'empagliflozin',
    body: '3969023F1',
    unit: '錠',
    route: '内用',
    highRisk: true,
    products: [only('02', 'ジャディアンス錠10mg', 186.7)],
  },
  {
    ingredient: 'glimepiride',
    body: '3961008F1',
    unit: '錠',
    route: '内用',
    highRisk: true,
    products: [b('02', 'アマリール1mg錠', 10.4), g('14', 'グリメピリド錠1mg「サワイ」', 10.1)],
  },
  {
    ingredient: 'semaglutide-oral',
    body: '2499015F2',
    unit: '錠',
    route: '内用',
    highRisk: true,
    products: [only('02', 'リベルサス錠7mg', 305.5)],
  },
  // 消化器
  {
    ingredient: 'lansoprazole',
    body: '2329023F1',
    unit: '錠',
    route: '内用',
    products: [
      b('02', 'タケプロンOD錠15', 31.4),
      g('23', 'ランソプラゾールOD錠15mg「トーワ」', 18.0),
    ],
  },
  {
    ingredient: 'esomeprazole',
    body: '2329029M2',
    unit: 'カプセル',
    route: '内用',
    products: [
      b('02', 'ネキシウムカプセル20mg', 69.6),
      g('11', 'エソメプラゾールカプセル20mg「ニプロ」', 35.9),
    ],
  },
  {
    ingredient: 'vonoprazan',
    body: '2329030F1',
    unit: '錠',
    route: '内用',
    products: [only('02', 'タケキャブ錠10mg', 97.0)],
  },
  {
    ingredient: 'vonoprazan20',
    body: '2329030F2',
    unit: '錠',
    route: '内用',
    products: [only('02', 'タケキャブ錠20mg', 145.6)],
  },
  {
    ingredient: 'tenofovir-af',
    body: '6250045F1',
    unit: '錠',
    route: '内用',
    products: [only('02', 'ベムリディ錠25mg', 1208.2)],
  },
  {
    ingredient: 'famotidine',
    body: '2325003F2',
    unit: '錠',
    route: '内用',
    products: [b('04', 'ガスター錠20mg', 19.7), g('29', 'ファモチジン錠20mg「サワイ」', 10.1)],
  },
  {
    ingredient: 'rebamipide',
    body: '2329021F1',
    unit: '錠',
    route: '内用',
    products: [b('02', 'ムコスタ錠100mg', 10.4), g('30', 'レバミピド錠100mg「サワイ」', 10.1)],
  },
  {
    ingredient: 'sennoside',
    body: '2354003F2',
    unit: '錠',
    route: '内用',
    products: [b('04', 'プルゼニド錠12mg', 5.7), g('19', 'センノシド錠12mg「サワイ」', 5.1)],
  },
  // 泌尿器・痛風
  {
    ingredient: 'febuxostat',
    body: '3949003F2',
    unit: '錠',
    route: '内用',
    products: [
      b('02', 'フェブリク錠20mg', 41.5),
      g('13', 'フェブキソスタット錠20mg「サワイ」', 15.2),
    ],
  },
  {
    ingredient: 'allopurinol',
    body: '3943001F1',
    unit: '錠',
    route: '内用',
    products: [
      b('03', 'ザイロリック錠100', 10.4),
      g('22', 'アロプリノール錠100mg「サワイ」', 10.1),
    ],
  },
  {
    ingredient: 'tamsulosin',
    body: '2590008F2',
    unit: '錠',
    route: '内用',
    products: [
      b('02', 'ハルナールD錠0.2mg', 38.7),
      g('17', 'タムスロシン塩酸塩OD錠0.2mg「サワイ」', 14.2),
    ],
  },
  {
    ingredient: 'mirabegron',
    body: '2590015F2',
    unit: '錠',
    route: '内用',
    products: [only('02', 'ベタニス錠50mg', 158.7)],
  },
  {
    ingredient: 'vibegron',
    body: '2590017F1',
    unit: '錠',
    route: '内用',
    products: [only('02', 'ベオーバ錠50mg', 184.2)],
  },
  {
    ingredient: 'eldecalcitol',
    body: '3112006M1',
    unit: 'カプセル',
    route: '内用',
    products: [only('02', 'エディロールカプセル0.75μg', 37.6)],
  },
  {
    ingredient: 'osimertinib',
    body: '4291045F2',
    unit: '錠',
    route: '内用',
    highRisk: true,
    products: [only('02', 'タグリッソ錠80mg', 18987.0)],
  },
  // 精神・神経
  {
    ingredient: 'zolpidem',
    body: '1129009F1',
    unit: '錠',
    route: '内用',
    psychotropic: true,
    products: [
      b('02', 'マイスリー錠5mg', 18.2),
      g('27', 'ゾルピデム酒石酸塩錠5mg「サワイ」', 10.1),
    ],
  },
  {
    ingredient: 'brotizolam',
    body: '1124009F2',
    unit: '錠',
    route: '内用',
    psychotropic: true,
    products: [
      b('03', 'レンドルミンD錠0.25mg', 13.0),
      g('16', 'ブロチゾラムOD錠0.25mg「サワイ」', 10.1),
    ],
  },
  {
    ingredient: 'etizolam',
    body: '1179025F1',
    unit: '錠',
    route: '内用',
    psychotropic: true,
    products: [b('02', 'デパス錠0.5mg', 6.4), g('35', 'エチゾラム錠0.5mg「トーワ」', 5.7)],
  },
  {
    ingredient: 'suvorexant',
    body: '1190023F2',
    unit: '錠',
    route: '内用',
    products: [only('02', 'ベルソムラ錠15mg', 87.2)],
  },
  {
    ingredient: 'lemborexant',
    body: '1190026F1',
    unit: '錠',
    route: '内用',
    products: [only('02', 'デエビゴ錠5mg', 91.1)],
  },
  {
    ingredient: 'escitalopram',
    body: '1179054F1',
    unit: '錠',
    route: '内用',
    highRisk: true,
    products: [
      b('02', 'レクサプロ錠10mg', 139.2),
      g('10', 'エスシタロプラム錠10mg「サワイ」', 50.6),
    ],
  },
  {
    ingredient: 'sertraline',
    body: '1179046F1',
    unit: '錠',
    route: '内用',
    highRisk: true,
    products: [
      b('02', 'ジェイゾロフト錠25mg', 59.8),
      g('21', 'セルトラリン錠25mg「サワイ」', 15.0),
    ],
  },
  {
    ingredient: 'donepezil',
    body: '1190012F3',
    unit: '錠',
    route: '内用',
    products: [
      b('05', 'アリセプトD錠5mg', 130.2),
      g('24', 'ドネペジル塩酸塩OD錠5mg「サワイ」', 40.4),
    ],
  },
  {
    ingredient: 'pregabalin',
    body: '1190017F2',
    unit: '錠',
    route: '内用',
    products: [b('02', 'リリカOD錠75mg', 50.3), g('28', 'プレガバリンOD錠75mg「サワイ」', 20.4)],
  },
  {
    ingredient: 'mirogabalin',
    body: '1190028F2',
    unit: '錠',
    route: '内用',
    products: [only('02', 'タリージェ錠5mg', 64.5)],
  },
  // 鎮痛・抗炎症
  {
    ingredient: 'loxoprofen',
    body: '1149019F1',
    unit: '錠',
    route: '内用',
    products: [
      b('03', 'ロキソニン錠60mg', 10.1),
      g('70', 'ロキソプロフェンNa錠60mg「サワイ」', 9.8),
    ],
  },
  {
    ingredient: 'celecoxib',
    body: '1149037F1',
    unit: '錠',
    route: '内用',
    products: [
      b('02', 'セレコックス錠100mg', 28.4),
      g('15', 'セレコキシブ錠100mg「サワイ」', 13.1),
    ],
  },
  {
    ingredient: 'acetaminophen',
    body: '1141007F1',
    unit: '錠',
    route: '内用',
    products: [b('07', 'カロナール錠200', 5.9), g('12', 'アセトアミノフェン錠200mg「NP」', 5.9)],
  },
  {
    ingredient: 'mecobalamin',
    body: '3136004F2',
    unit: '錠',
    route: '内用',
    products: [b('03', 'メチコバール錠500μg', 10.1), g('16', 'メコバラミン錠500μg「トーワ」', 5.9)],
  },
  // 呼吸器・アレルギー
  {
    ingredient: 'montelukast',
    body: '4490026F2',
    unit: '錠',
    route: '内用',
    products: [b('02', 'シングレア錠10mg', 70.2), g('19', 'モンテルカスト錠10mg「サワイ」', 26.1)],
  },
  {
    ingredient: 'fexofenadine',
    body: '4490023F1',
    unit: '錠',
    route: '内用',
    products: [
      b('02', 'アレグラ錠60mg', 28.5),
      g('27', 'フェキソフェナジン塩酸塩錠60mg「サワイ」', 12.3),
    ],
  },
  {
    ingredient: 'levocetirizine',
    body: '4490027F1',
    unit: '錠',
    route: '内用',
    products: [
      b('02', 'ザイザル錠5mg', 60.1),
      g('14', 'レボセチリジン塩酸塩錠5mg「サワイ」', 18.7),
    ],
  },
  {
    ingredient: 'bilastine',
    body: '4490030F1',
    unit: '錠',
    route: '内用',
    products: [only('02', 'ビラノア錠20mg', 55.1)],
  },
  {
    ingredient: 'olopatadine',
    body: '4490025F2',
    unit: '錠',
    route: '内用',
    products: [b('02', 'アレロック錠5', 24.3), g('31', 'オロパタジン塩酸塩錠5mg「サワイ」', 10.1)],
  },
  {
    ingredient: 'carbocisteine',
    body: '2233002F2',
    unit: '錠',
    route: '内用',
    products: [
      b('04', 'ムコダイン錠500mg', 10.1),
      g('18', 'カルボシステイン錠500mg「サワイ」', 7.0),
    ],
  },
  {
    ingredient: 'carbocisteine-ds',
    body: '2233002R2',
    unit: 'g',
    route: '内用',
    products: [b('03', 'ムコダインDS50%', 26.3), g('10', 'カルボシステインDS50%「タカタ」', 11.4)],
  },
  {
    ingredient: 'ambroxol',
    body: '2239001F1',
    unit: '錠',
    route: '内用',
    products: [
      b('02', 'ムコソルバン錠15mg', 10.1),
      g('39', 'アンブロキソール塩酸塩錠15mg「サワイ」', 5.7),
    ],
  },
  {
    ingredient: 'dextromethorphan',
    body: '2223001F1',
    unit: '錠',
    route: '内用',
    products: [
      b('05', 'メジコン錠15mg', 5.8),
      g('21', 'デキストロメトルファン臭化水素酸塩錠15mg「NP」', 5.7),
    ],
  },
  {
    ingredient: 'pranlukast-ds',
    body: '4490017R1',
    unit: 'g',
    route: '内用',
    products: [
      b('02', 'オノンドライシロップ10%', 47.5),
      g('13', 'プランルカストDS10%「サワイ」', 20.2),
    ],
  },
  // 抗菌薬
  {
    ingredient: 'clarithromycin',
    body: '6149003F2',
    unit: '錠',
    route: '内用',
    products: [
      b('02', 'クラリス錠200', 37.2),
      g('26', 'クラリスロマイシン錠200mg「サワイ」', 16.3),
    ],
  },
  {
    ingredient: 'amoxicillin',
    body: '6131001M2',
    unit: 'カプセル',
    route: '内用',
    products: [
      b('02', 'サワシリンカプセル250', 12.3),
      g('15', 'アモキシシリンカプセル250mg「トーワ」', 10.1),
    ],
  },
  {
    ingredient: 'amoxicillin-fine',
    body: '6131001C1',
    unit: 'g',
    route: '内用',
    products: [
      b('03', 'ワイドシリン細粒20%', 17.4),
      g('11', 'アモキシシリン細粒20%「タツミ」', 11.2),
    ],
  },
  {
    ingredient: 'levofloxacin',
    body: '6241013F2',
    unit: '錠',
    route: '内用',
    products: [
      b('03', 'クラビット錠500mg', 170.6),
      g('27', 'レボフロキサシン錠500mg「DSEP」', 61.4),
    ],
  },
  {
    ingredient: 'cefcapene',
    body: '6132016F1',
    unit: '錠',
    route: '内用',
    products: [
      b('02', 'フロモックス錠100mg', 33.1),
      g('18', 'セフカペンピボキシル塩酸塩錠100mg「サワイ」', 17.2),
    ],
  },
  {
    ingredient: 'oseltamivir',
    body: '6250021M1',
    unit: 'カプセル',
    route: '内用',
    products: [
      b('02', 'タミフルカプセル75', 205.8),
      g('10', 'オセルタミビルカプセル75mg「サワイ」', 104.4),
    ],
  },
  {
    ingredient: 'oseltamivir-ds',
    body: '6250021R1',
    unit: 'g',
    route: '内用',
    products: [
      b('02', 'タミフルドライシロップ3%', 123.6),
      g('11', 'オセルタミビルDS3%「サワイ」', 63.8),
    ],
  },
  {
    ingredient: 'baloxavir',
    body: '6250047F2',
    unit: '錠',
    route: '内用',
    products: [only('02', 'ゾフルーザ錠20mg', 2394.5)],
  },
  {
    ingredient: 'molnupiravir',
    body: '6250049M1',
    unit: 'カプセル',
    route: '内用',
    products: [only('02', 'ラゲブリオカプセル200mg', 2357.8)],
  },
  // 外用
  {
    ingredient: 'heparinoid-cream',
    body: '3339950M2',
    unit: 'g',
    route: '外用',
    products: [
      b('02', 'ヒルドイドソフト軟膏0.3%', 18.5),
      g('15', 'ヘパリン類似物質油性クリーム0.3%「ニプロ」', 6.1),
    ],
  },
  {
    ingredient: 'heparinoid-lotion',
    body: '3339950Q2',
    unit: 'g',
    route: '外用',
    products: [
      b('03', 'ヒルドイドローション0.3%', 18.5),
      g('20', 'ヘパリン類似物質ローション0.3%「ニットー」', 6.1),
    ],
  },
  {
    ingredient: 'betamethasone-butyrate',
    body: '2646730M1',
    unit: 'g',
    route: '外用',
    receiptCode: '620008965',
    products: [
      b('05', 'アンテベート軟膏0.05%', 18.7),
      g('13', 'ベタメタゾン酪酸エステルプロピオン酸エステル軟膏0.05%「JG」', 11.2),
    ],
  },
  {
    ingredient: 'betamethasone-valerate-gm',
    body: '2647705M1',
    unit: 'g',
    route: '外用',
    products: [b('04', 'リンデロン-VG軟膏0.12%', 24.0), g('12', 'デルモゾールG軟膏', 12.9)],
  },
  {
    ingredient: 'loxoprofen-tape',
    body: '2649735S2',
    unit: '枚',
    route: '外用',
    products: [
      b('03', 'ロキソニンテープ100mg', 17.1),
      g('16', 'ロキソプロフェンNaテープ100mg「ユートク」', 9.8),
    ],
  },
  {
    ingredient: 'ketoprofen-tape',
    body: '2649729S4',
    unit: '枚',
    route: '外用',
    products: [
      b('02', 'モーラステープL40mg', 22.3),
      g('21', 'ケトプロフェンテープ40mg「テイコク」', 10.3),
    ],
  },
  {
    ingredient: 'hyaluronate-eye',
    body: '1319720Q3',
    unit: 'mL',
    route: '外用',
    products: [
      b('02', 'ヒアレイン点眼液0.1%', 71.4),
      g('17', 'ヒアルロン酸Na点眼液0.1%「センジュ」', 19.8),
    ],
  },
  {
    ingredient: 'diquafosol-eye',
    body: '1319758Q1',
    unit: 'mL',
    route: '外用',
    products: [only('02', 'ジクアス点眼液3%', 76.4)],
  },
  {
    ingredient: 'latanoprost-eye',
    body: '1319760Q1',
    unit: 'mL',
    route: '外用',
    products: [
      b('02', 'キサラタン点眼液0.005%', 460.3),
      g('14', 'ラタノプロスト点眼液0.005%「NS」', 198.4),
    ],
  },
  {
    ingredient: 'olopatadine-eye',
    body: '1319757Q1',
    unit: 'mL',
    route: '外用',
    products: [
      b('02', 'パタノール点眼液0.1%', 160.2),
      g('19', 'オロパタジン点眼液0.1%「トーワ」', 62.5),
    ],
  },
  {
    ingredient: 'fluticasone-nasal',
    body: '1329711Q1',
    unit: '個',
    route: '外用',
    products: [only('02', 'アラミスト点鼻液27.5μg56噴霧用', 1472.7)],
  },
  {
    ingredient: 'relvar-inhaler',
    body: '2290701G2',
    unit: 'キット',
    route: '外用',
    products: [only('02', 'レルベア200エリプタ30吸入用', 4140.1)],
  },
  {
    ingredient: 'acetaminophen-suppository',
    body: '1141700J2',
    unit: '個',
    route: '外用',
    products: [
      b('03', 'アンヒバ坐剤小児用100mg', 19.7),
      g('10', 'アセトアミノフェン坐剤小児用100mg「JG」', 19.1),
    ],
  },
  {
    ingredient: 'trelegy-inhaler',
    body: '2290704G1',
    unit: 'キット',
    route: '外用',
    products: [only('02', 'テリルジー100エリプタ30吸入用', 5982.4)],
  },
  // 注射 (自己注射)
  {
    ingredient: 'insulin-degludec',
    body: '2492415G1',
    unit: 'キット',
    route: '注射',
    highRisk: true,
    products: [only('02', 'トレシーバ注フレックスタッチ', 1932.0)],
  },
  {
    ingredient: 'insulin-lispro',
    body: '2492413G4',
    unit: 'キット',
    route: '注射',
    highRisk: true,
    products: [only('02', 'ヒューマログ注ミリオペン', 1276.0)],
  },
  {
    ingredient: 'dulaglutide',
    body: '2499416G1',
    unit: 'キット',
    route: '注射',
    highRisk: true,
    products: [only('02', 'トルリシティ皮下注0.75mgアテオス', 2984.0)],
  },
  {
    ingredient: 'semaglutide-injection',
    body: '2499418G2',
    unit: 'キット',
    route: '注射',
    highRisk: true,
    products: [only('02', 'オゼンピック皮下注2mg', 11008.0)],
  },
  {
    ingredient: 'teriparatide',
    body: '2439400G1',
    unit: 'キット',
    route: '注射',
    products: [only('02', 'フォルテオ皮下注キット600μg', 21892.0)],
  },
  {
    ingredient: 'adalimumab',
    body: '3999426G4',
    unit: 'キット',
    route: '注射',
    products: [only('02', 'ヒュミラ皮下注40mgペン0.4mL', 47856.0)],
  },
  {
    ingredient: 'mepolizumab',
    body: '2290400G3',
    unit: 'キット',
    route: '注射',
    products: [only('02', 'ヌーカラ皮下注100mgペン', 161748.0)],
  },
  {
    ingredient: 'dupilumab',
    body: '4490405G2',
    unit: 'キット',
    route: '注射',
    products: [only('02', 'デュピクセント皮下注300mgペン', 53482.0)],
  },
];

function buildMedicines(): DemoMedicine[] {
  const out: DemoMedicine[] = [];
  let serial = 0;
  for (const spec of INGREDIENTS) {
    const brand = spec.products.find((p) => p.cls === 2);
    const brandYj = brand ? spec.body + brand.no + yjCheckDigit(spec.body + brand.no) : undefined;
    for (const [i, p] of spec.products.entries()) {
      serial++;
      const body = spec.body + p.no;
      const yjCode = body + yjCheckDigit(body);
      const receiptCode =
        i === 0 && spec.receiptCode ? spec.receiptCode : `6229${String(serial).padStart(3, '0')}01`;
      const medicine: DemoMedicine = {
        yjCode,
        receiptCode,
        name: p.name,
        unit: spec.unit,
        price: p.price,
        genericClass: p.cls,
        ingredient: spec.ingredient,
        route: spec.route,
      };
      if (p.cls === 3 && brandYj) medicine.brandOf = brandYj;
      if (spec.psychotropic) medicine.psychotropic = true;
      if (spec.highRisk) medicine.highRisk = true;
      out.push(medicine);
    }
  }
  return out;
}

/** The demo medicine master. */
export const DEMO_MEDICINES: readonly DemoMedicine[] = buildMedicines();

const BY_YJ = new Map(DEMO_MEDICINES.map((m) => [m.yjCode, m]));
const BY_INGREDIENT = new Map<string, DemoMedicine[]>();
for (const m of DEMO_MEDICINES) {
  const list = BY_INGREDIENT.get(m.ingredient);
  if (list) list.push(m);
  else BY_INGREDIENT.set(m.ingredient, [m]);
}

/** A catalogue medicine by YJ code or receipt code. */
export function demoMedicineByCode(code: string): DemoMedicine | undefined {
  return BY_YJ.get(code) ?? DEMO_MEDICINES.find((m) => m.receiptCode === code);
}

export interface DemoIngredientProducts {
  /** The single product of an ingredient without brand/generic choice, else null. */
  only: DemoMedicine | null;
  /** 先発品 (class 2), when the ingredient has generics. */
  brand: DemoMedicine | null;
  /** 後発品 (class 3). */
  generics: readonly DemoMedicine[];
}

const CHOICES = new Map<string, DemoIngredientProducts>();
for (const [ingredient, list] of BY_INGREDIENT) {
  const brand = list.find((m) => m.genericClass === 2) ?? null;
  const generics = list.filter((m) => m.genericClass === 3);
  CHOICES.set(ingredient, {
    only: brand && generics.length > 0 ? null : list[0]!,
    brand,
    generics,
  });
}

/** Brand and generics of an ingredient. Throws for an unknown key. */
export function productChoices(ingredient: string): DemoIngredientProducts {
  const choice = CHOICES.get(ingredient);
  if (!choice) throw new Error(`unknown ingredient: ${ingredient}`);
  return choice;
}

/** The products of an ingredient (brand first, then generics). Throws for an unknown key. */
export function productsOf(ingredient: string): readonly DemoMedicine[] {
  const list = BY_INGREDIENT.get(ingredient);
  if (!list) throw new Error(`unknown ingredient: ${ingredient}`);
  return list;
}

// ---------------------------------------------------------------------------------------------
// Materials

/** 特定保険医療材料 a pharmacy supplies with self-injected drugs. */
export const DEMO_MATERIALS: readonly DemoMaterial[] = [
  { code: '730010010', name: '万年筆型注入器用注射針（標準型）', unit: '本', price: 15 },
  { code: '730010020', name: '万年筆型注入器用注射針（針折れ防止型）', unit: '本', price: 17 },
  { code: '730010030', name: '万年筆型注入器用注射針（超微細型）', unit: '本', price: 18 },
  {
    code: '730020010',
    name: 'インスリン製剤等注射用ディスポーザブル注射器',
    unit: '本',
    price: 17,
  },
];

// ---------------------------------------------------------------------------------------------
// Fees

const R6_END = '2026-05-31';

function r6(
  key: string,
  code: string,
  name: string,
  category: FeeCategory,
  points: number | null,
  from = R6_START,
  to: string | null = R6_END,
): DemoFee {
  return {
    key,
    code,
    name,
    category,
    points,
    revision: 'R6',
    effectiveFrom: from,
    effectiveTo: to,
  };
}

function r8(
  key: string,
  code: string,
  name: string,
  category: FeeCategory,
  points: number | null,
): DemoFee {
  return {
    key,
    code,
    name,
    category,
    points,
    revision: 'R8',
    effectiveFrom: R8_START,
    effectiveTo: null,
  };
}

function both(
  key: string,
  code: string,
  name: string,
  category: FeeCategory,
  pointsR6: number | null,
  pointsR8: number | null,
): DemoFee[] {
  return [r6(key, code, name, category, pointsR6), r8(key, code, name, category, pointsR8)];
}

const percent = (fee: DemoFee, value: number): DemoFee => ({ ...fee, percent: value });

/**
 * The fee items the generator bills (dispensing-domain.md §1), one row per item and period.
 * R8 items that replace R6 ones carry new keys (地域支援・医薬品供給対応体制加算, 服薬管理指導料１ロ …).
 */
export const DEMO_FEES: readonly DemoFee[] = [
  // 調剤基本料
  ...both('basic1', '410004110', '調剤基本料１', '調剤基本料', 45, 47),
  // 調剤基本料加算
  r6('regional1', '450001370', '地域支援体制加算１', '調剤基本料加算', 32),
  r6('regional2', '450001380', '地域支援体制加算２', '調剤基本料加算', 40),
  r6('generic1', '450001450', '後発医薬品調剤体制加算１', '調剤基本料加算', 21),
  r6('generic2', '450001460', '後発医薬品調剤体制加算２', '調剤基本料加算', 28),
  r6('generic3', '450001470', '後発医薬品調剤体制加算３', '調剤基本料加算', 30),
  r8('supply1', '450003010', '地域支援・医薬品供給対応体制加算１', '調剤基本料加算', 27),
  r8('supply2', '450003020', '地域支援・医薬品供給対応体制加算２', '調剤基本料加算', 59),
  r8('supply3', '450003030', '地域支援・医薬品供給対応体制加算３', '調剤基本料加算', 67),
  ...both('cooperation', '450001700', '連携強化加算', '調剤基本料加算', 5, 5),
  ...(['dx1', 'dx2', 'dx3'] as const).map((key) =>
    r6(key, '450002260', '医療ＤＸ推進体制整備加算', '調剤基本料加算', 4, R6_START, '2024-09-30'),
  ),
  r6(
    'dx1',
    '450002270',
    '医療ＤＸ推進体制整備加算１',
    '調剤基本料加算',
    7,
    '2024-10-01',
    '2025-03-31',
  ),
  r6(
    'dx2',
    '450002280',
    '医療ＤＸ推進体制整備加算２',
    '調剤基本料加算',
    6,
    '2024-10-01',
    '2025-03-31',
  ),
  r6(
    'dx3',
    '450002290',
    '医療ＤＸ推進体制整備加算３',
    '調剤基本料加算',
    4,
    '2024-10-01',
    '2025-03-31',
  ),
  r6('dx1', '450002270', '医療ＤＸ推進体制整備加算１', '調剤基本料加算', 10, '2025-04-01'),
  r6('dx2', '450002280', '医療ＤＸ推進体制整備加算２', '調剤基本料加算', 8, '2025-04-01'),
  r6('dx3', '450002290', '医療ＤＸ推進体制整備加算３', '調剤基本料加算', 6, '2025-04-01'),
  r8('dx1', '450003110', '電子的調剤情報連携体制整備加算', '調剤基本料加算', 8),
  r8('dx2', '450003110', '電子的調剤情報連携体制整備加算', '調剤基本料加算', 8),
  r8('dx3', '450003110', '電子的調剤情報連携体制整備加算', '調剤基本料加算', 8),
  r8('baseUp', '450003210', '調剤ベースアップ評価料', '調剤基本料加算', 4),
  r8('priceSupport', '450003220', '調剤物価対応料', '調剤基本料加算', 1),
  ...both('homeSystem1', '450002110', '在宅薬学総合体制加算１', '調剤基本料加算', 15, 30),
  ...both('nightHoliday', '450000570', '夜間・休日等加算', '調剤基本料加算', 40, 40),
  ...both('afterHours', '450000170', '時間外加算', '調剤基本料加算', null, null).map((f) =>
    percent(f, 100),
  ),
  // 薬剤調製料
  ...both('prepOral', '420000110', '薬剤調製料（内服薬）', '薬剤調製料', 24, 24),
  ...both('prepAsNeeded', '420000210', '薬剤調製料（屯服薬）', '薬剤調製料', 21, 21),
  ...both('prepInjection', '420000310', '薬剤調製料（注射薬）', '薬剤調製料', 26, 26),
  ...both('prepExternal', '420000410', '薬剤調製料（外用薬）', '薬剤調製料', 10, 10),
  ...both('psychotropic', '430000170', '麻薬等加算（向精神薬等）', '薬剤調製料加算', 8, 8),
  // 薬学管理料: 調剤管理料
  r6('mgmtOral7', '440007810', '調剤管理料（内服薬・７日分以下）', '薬学管理料', 4),
  r6('mgmtOral14', '440007910', '調剤管理料（内服薬・８日分以上１４日分以下）', '薬学管理料', 28),
  r6('mgmtOral28', '440008010', '調剤管理料（内服薬・１５日分以上２８日分以下）', '薬学管理料', 50),
  r6('mgmtOral29', '440008020', '調剤管理料（内服薬・２９日分以上）', '薬学管理料', 60),
  r8('mgmtOralLong', '440018010', '調剤管理料（内服薬・２８日分以上）', '薬学管理料', 60),
  r8('mgmtOralShort', '440018020', '調剤管理料（内服薬・２８日分未満）', '薬学管理料', 10),
  ...both('mgmtOther', '440008050', '調剤管理料（内服薬以外）', '薬学管理料', 4, 10),
  ...both('mgmtAfterHours', '440008970', '調剤管理料時間外加算', '薬学管理料加算', null, null).map(
    (f) => percent(f, 100),
  ),
  // 薬学管理料: 指導料
  r6('guidance1', '440008110', '服薬管理指導料１', '薬学管理料', 45),
  r6('guidance2', '440008210', '服薬管理指導料２', '薬学管理料', 59),
  r6('primary', '440008310', 'かかりつけ薬剤師指導料', '薬学管理料', 76),
  r8('guidance1', '440018120', '服薬管理指導料１ロ', '薬学管理料', 45),
  r8('guidance2', '440018220', '服薬管理指導料２ロ', '薬学管理料', 59),
  r8('primary1', '440018110', '服薬管理指導料１イ', '薬学管理料', 45),
  r8('primary2', '440018210', '服薬管理指導料２イ', '薬学管理料', 59),
  ...both('infant', '440008470', '乳幼児服薬指導加算', '薬学管理料加算', 12, 12),
  ...both('highRiskNew', '440008570', '特定薬剤管理指導加算１イ', '薬学管理料加算', 10, 10),
  ...both('highRisk', '440008580', '特定薬剤管理指導加算１ロ', '薬学管理料加算', 5, 5),
  ...both('support1', '440009010', '外来服薬支援料１', '薬学管理料', 185, 185),
  ...both('support2', '440009110', '外来服薬支援料２（４２日分以下）', '薬学管理料', 34, 34),
  ...both('support2Long', '440009120', '外来服薬支援料２（４３日分以上）', '薬学管理料', 240, 240),
  ...both(
    'homeVisit1',
    '440010110',
    '在宅患者訪問薬剤管理指導料（単一建物患者１人）',
    '薬学管理料',
    650,
    650,
  ),
  ...both(
    'homeVisit2',
    '440010210',
    '在宅患者訪問薬剤管理指導料（単一建物患者２～９人）',
    '薬学管理料',
    320,
    320,
  ),
  ...both(
    'homeVisit10',
    '440010310',
    '在宅患者訪問薬剤管理指導料（単一建物患者１０人以上）',
    '薬学管理料',
    290,
    290,
  ),
];

const FEES_BY_KEY = new Map<string, DemoFee[]>();
for (const fee of DEMO_FEES) {
  const list = FEES_BY_KEY.get(fee.key);
  if (list) list.push(fee);
  else FEES_BY_KEY.set(fee.key, [fee]);
}

/** Items introduced by the R6 revision: never billed before 2024-06-01. */
const NEW_IN_R6 = new Set(['dx1', 'dx2', 'dx3']);

/**
 * The fee row of an item in force on a dispensing date, or undefined when the item is not
 * billable then (an R6-only item on an R8 date, an R8 item before 2026-06-01). Dates before R6
 * use the R6 rows (older revisions are not modelled).
 */
export function demoFeeOn(key: string, date: string): DemoFee | undefined {
  const rows = FEES_BY_KEY.get(key);
  if (!rows) throw new Error(`unknown fee: ${key}`);
  for (const row of rows) {
    if (row.effectiveFrom <= date && (row.effectiveTo === null || date <= row.effectiveTo)) {
      return row;
    }
  }
  if (date < R6_START && !NEW_IN_R6.has(key)) return rows.find((r) => r.revision === 'R6');
  return undefined;
}

/** Points of an item on a date (undefined when not billable; throws for percentage items). */
export function demoFeePoints(key: string, date: string): number | undefined {
  const row = demoFeeOn(key, date);
  if (!row) return undefined;
  if (row.points === null) throw new Error(`${key} is a percentage addition`);
  return row.points;
}
