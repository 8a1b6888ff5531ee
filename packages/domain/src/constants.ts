/** Business constants and limits (spec 01 §9, spec 02 §9). */
export const LIMITS = {
  emailMax: 350,
  passwordMin: 8,
  passwordMax: 30,
  nameMax: 50,
  telMax: 15,
  zipMax: 7,
  addressMax: 100,
  buildingMax: 100,
  storeNameMax: 40,
  cityMax: 50,
  blockMax: 50,
  managementPharmacistMax: 100,
  branchCountMax: 10,
  inviteMaxEmails: 10,
} as const;

/**
 * Bounds of what the API accepts beyond the form limits of the spec: the ranges of the database
 * columns behind ids and numbers, and caps on input no form limits (tokens, lists, free text).
 */
export const INPUT_LIMITS = {
  /** Largest value of an `integer` (int4) column, and so of every id. */
  int4Max: 2_147_483_647,
  /** Prefectures are numbered 1 to 47 (JIS X 0401). */
  prefectureCount: 47,
  /** Text that has no limit of its own in the spec. */
  textMax: 1000,
  /** A password as typed at sign-in: longer than any the service sets, for older or external ones. */
  signInPasswordMax: 200,
  /** E-mailed link tokens and unsubscribe tokens. */
  tokenMax: 200,
  storeCodeDigits: 10,
  /** 医療機関コード: prefecture 2, table 1, institution 7 digits. */
  institutionCodeDigits: 10,
  /** The address page's 住所別 search text. */
  addressSearchMax: 100,
  corporationCodeDigits: 12,
  /** The comma-joined store codes of one request. */
  storeCodesMax: 20_000,
  /** The meshes chosen on the acquisition-rate map that one workbook holds. */
  meshCodesMax: 1_000,
  /** Dates of requests lie within these years. */
  dateYearMin: 1900,
  dateYearMax: 2100,
} as const;

/** A member must have agreed on or after these dates (yyyy-MM-dd), else Notice. */
export const AGREEMENT_CUTOFFS = {
  terms: '2023-12-18',
  privacyPolicy: '2023-04-01',
} as const;

export const TABLE_PAGE_SIZES = [5, 10, 15, 100] as const;
export const TABLE_DEFAULT_PAGE_SIZE = 100;

export const DIALOG_WIDTHS = { password: 576, delete: 490 } as const;

export const SESSION_COOKIE_DAYS = 1;
export const SELF_DELETE_LOGOUT_DELAY_MS = 3000;
export const INVITATION_VALID_HOURS = 24;
/** Validity of the e-mailed links: sign-up verification and password reset. */
export const SIGN_UP_LINK_VALID_HOURS = 24;
export const PASSWORD_RESET_LINK_VALID_HOURS = 1;

/**
 * Where the browser fetches its anti-forgery token. A constant of its own, so that the web app's
 * client can fetch the token without loading the schema library on the sign-in page.
 */
export const CSRF_TOKEN_PATH = '/v2/csrf_token';

export const HEADER_NAMES = {
  csrf: 'X-CSRF-Token',
  pageUrl: 'X-Page-Url',
} as const;

export const HELP_URL = 'https://help.pharmalytics.jp/';
export const TERMS_URL = 'https://pharmalytics.jp/terms';
export const PRIVACY_POLICY_URL = 'https://pharmalytics.jp/privacy';

export const LOCALE = 'ja';
export const FALLBACK_LOCALE = 'en';
/** Theme colour families (MUI palette names). */
export const THEME_COLORS = { primary: 'teal', secondary: 'orange' } as const;

/** New-account questionnaire: what the corporation seeks from the service (spec 01 §2). */
export const QUESTIONNAIRE_OPTIONS = [
  { value: 1, label: '調剤売上の集計を自動化したい' },
  { value: 2, label: 'データを分析して売上を改善したい' },
  { value: 3, label: '両方' },
] as const;
export type QuestionnaireValue = (typeof QUESTIONNAIRE_OPTIONS)[number]['value'];
export const QUESTIONNAIRE_VALUES = QUESTIONNAIRE_OPTIONS.map((o) => o.value) as [
  QuestionnaireValue,
  ...QuestionnaireValue[],
];

/** Breakdown table of the analysis pages (spec 02 §2.2, §4, §9). */
export const ANALYSIS_TABLE = {
  height: 540,
  maxChecked: 10,
  initialChecked: 5,
} as const;
/** Top and trend charts draw only the first series; the trend palette has as many colours. */
export const CHART_MAX_SERIES = 10;
/** Top-chart bar labels longer than this are cut and given an ellipsis. */
export const BAR_LABEL_MAX_LENGTH = 13;

export const STORE_SELECTOR_MENU_HEIGHT = 480;
export const PERIOD_POPUP_WIDTH = 358;
export const ADDRESS_FIELD_WIDTH = 144;
export const ADDRESS_MENU_Z_INDEX = 1000;

/** Account list row status (spec 01 §3, §4). */
export const ACCOUNT_STATUSES = [
  { value: 'enabled', label: '有効' },
  { value: 'invitation', label: '招待中' },
] as const;
export type AccountStatus = (typeof ACCOUNT_STATUSES)[number]['value'];

/** Only active stores are offered in store selectors; inactive ones are listed apart. */
export const STORE_CONTRACT_STATUSES = ['active', 'inactive'] as const;
export type StoreContractStatus = (typeof STORE_CONTRACT_STATUSES)[number];

/** Store list connection badge: whether the store's uploader has connected. */
export const CONNECTION_STATUS_LABELS = {
  connected: '接続済み',
  disconnected: '未接続',
} as const;

/** Where the settings screens send people for help with the setup (spec 01 §2, initial setup). */
export const SUPPORT_EMAIL = 'support@pharmalytics.jp';

/** Manuals served by the server as HTML pages; the request form downloads an HTML document. */
export const MANUAL_PATHS = {
  /** National receipt file route (レセプト電算処理システム), the one-vendor-style manual. */
  receiptFile: '/manuals/receipt-file',
  preparation: '/manuals/preparation',
  initialSetup: '/manuals/initial-setup',
  outputSettingRequest: '/manuals/output-setting-request?download=1',
} as const;

/** How deep the server placed a store: from the form's pin or geocoded from its address. */
export const GEOCODE_LEVELS = ['pin', 'town', 'city', 'prefecture', 'none'] as const;
export type GeocodeLevel = (typeof GEOCODE_LEVELS)[number];

/** The store form's location map: base tiles, credits and zoom per geocode level. */
export const STORE_MAP = {
  tileUrl: 'https://cyberjapandata.gsi.go.jp/xyz/pale/{z}/{x}/{y}.png',
  tileAttribution: '地理院タイル',
  tileAttributionUrl: 'https://maps.gsi.go.jp/development/ichiran.html',
  geocodingAttribution: '住所データ: Geolonia 住所データ (CC BY 4.0)',
  /** Shown before any address is known: the whole of Japan. */
  initialView: { latitude: 36.2, longitude: 138.25, zoom: 4 },
  zoomByLevel: { pin: 16, town: 15, city: 12, prefecture: 8, none: 4 },
  height: 280,
} as const satisfies { zoomByLevel: Record<GeocodeLevel, number> } & Record<string, unknown>;

/** Plan change page: the spec gives no real prices, so the cards show placeholders. */
export const PLAN_PRICE_PLACEHOLDERS = {
  free: '0円',
  basic: '〇〇,〇〇〇円／月',
  advanced: '〇〇,〇〇〇円／月',
} as const;
