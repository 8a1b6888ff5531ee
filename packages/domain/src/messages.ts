/**
 * Every user-facing validation and error message of both spec documents, once.
 * Wording marked "spec" is copied exactly; the rest completes what the spec only describes.
 */
import { PERIOD_EARLIEST_DATE, PERIOD_LATEST_DATE } from './periods.ts';

const slashed = (date: string) => date.replaceAll('-', '/');

/** Generic validation messages (spec 01 §5). */
export const V = {
  required: '必須項目です',
  namedRequired: (field: string) => `${field}を入力してください`,
  whitespaceOnly: 'スペースのみの入力はできません',
  email: 'メールアドレスの形式で入力してください',
  tenDigits: '10桁の半角数字で入力してください',
  digitsOnly: '半角数字のみで入力してください',
  alphanumeric: '半角英数で入力してください',
  ascii: '半角文字のみで入力してください',
  minLength: (field: string, n: number) => `${field}は${n}文字以上で入力してください`,
  maxLength: (field: string, n: number) => `${field}は${n}文字以内で入力してください`,
  differentFrom: (field: string) => `${field}と異なる文字列を入力してください。`,
} as const;

/**
 * Refusals of input that no form of the service sends (API hygiene); the spec has no wording for
 * these, so they follow the style of its generic messages.
 */
export const INPUT_MESSAGES = {
  controlCharacters: '使用できない文字（制御文字）が含まれています',
  text: '文字列で入力してください',
  tooLong: (n: number) => `${n}文字以内で入力してください`,
  integerRange: (field: string, min: number, max: number) =>
    `${field}は${min}から${max}までの半角数字で指定してください`,
  date: '日付はyyyy-MM-dd形式の実在する日付で指定してください',
  dateRange: (min: number, max: number) => `日付は${min}年から${max}年までの範囲で指定してください`,
  codeList: (field: string) => `${field}は半角数字をカンマ区切りで指定してください`,
  filterValues: (field: string) => `${field}に指定できない値が含まれています`,
  invalidLink: 'リンクが正しくありません。URLをご確認ください。',
  unsupportedContentType: 'この Content-Type の送信には対応していません',
  invalidJson: '送信データが JSON として読めません',
  emptyBody: '送信データが空です',
  contentLengthMismatch: '送信データの長さが Content-Length と一致しません',
  bodyTooLarge: '送信データが大きすぎます',
  invalidUrl: 'URLが正しくありません',
  coordinate: (field: string, min: number, max: number) =>
    `${field}は${min}から${max}までの数値で指定してください`,
  meshCode: '地域メッシュコードは9桁の半角数字（1/2地域メッシュ）で指定してください',
  meshCodeList:
    '地域メッシュコードは9桁の半角数字（1/2地域メッシュ）をカンマ区切りで指定してください',
  meshCodesRequired: 'エリアを1つ以上選択してください',
  meshCodesTooMany: (n: number) => `選択エリアは${n}件以内で指定してください`,
  meshCodesRepeated: '同じ地域メッシュコードが重複しています',
  /** One code of digits (a store chosen in a selector). */
  code: (field: string, digits: number) => `${field}は${digits}桁以内の半角数字で指定してください`,
  facilityType: '施設の種類は clinic、care、pharmacy のいずれかで指定してください',
  oneOf: (field: string, values: readonly string[]) =>
    `${field}は ${values.join('、')} のいずれかで指定してください`,
  viewportInverted: '表示範囲は、北東の緯度・経度を南西の緯度・経度以上の値で指定してください',
  viewportTooLarge: (degrees: number) =>
    `表示範囲が広すぎます。地図を拡大して、緯度・経度とも${degrees}度以内の範囲で検索してください`,
} as const;

/** Japanese field names used in the named messages ({field}を入力してください, min/max length). */
export const FIELD_LABELS = {
  latitude: '緯度',
  longitude: '経度',
  addressCategory: '分類',
  email: 'メールアドレス',
  password: 'パスワード',
  passwordConfirmation: 'パスワード（確認用）',
  currentPassword: '現在のパスワード',
  newPassword: '新しいパスワード',
  newPasswordConfirmation: '新しいパスワード（確認用）',
  contactName: '担当者名',
  tel: '電話番号',
  roleName: '役職',
  corporationName: '法人名',
  branchCount: '店舗数',
  publicName: '表示名',
  searchName: '検索用氏名',
  zipCode: '郵便番号',
  address: '住所',
  addressMode: '住所の集計方法',
  buildingName: '建物名',
  technicalPersonName: '技術担当者名',
  technicalPersonTel: '技術担当者電話番号',
  technicalPersonEmail: '技術担当者メールアドレス',
  billingPersonName: '請求担当者名',
  billingPersonTel: '請求担当者電話番号',
  billingPersonEmail: '請求担当者メールアドレス',
  storeName: '店舗名',
  city: '市区町村',
  block: '番地',
  insuranceInstitutionCode: '保険医療機関コード',
  managementPharmacistName: '管理薬剤師名',
  // settings screens (display labels)
  corporationCode: '法人ID',
  storeCode: '店舗ID',
  memberId: 'アカウントID',
  invitationId: '招待ID',
  uploadId: 'アップロードID',
  timeAxis: '時間軸',
  fileName: 'ファイル名',
  prefecture: '都道府県',
  systemRole: '権限',
  viewableStores: '閲覧可能店舗',
  accountStatus: 'ステータス',
  connectionStatus: '接続状況',
  // analysis calls
  sortOrder: '並び順',
  genericMedicineFilter: '後発医薬品の絞り込み',
  medicalInstitutionFilter: '医療機関の絞り込み',
  receptionTypeFilter: '受付区分の絞り込み',
} as const;

/** Form-specific validation messages (spec 01 §5, spec 02 §5). */
export const FORM_MESSAGES = {
  consentRequired: '利用規約、プライバシーポリシーに同意した上で本サービスをご利用ください',
  headOfficePrefectureRequired: '本社所在地を選択してください',
  questionnaireRequired: 'Pharmalyticsに求めることを選択してください',
  passwordMismatch: 'パスワードが一致しません',
  inviteMaxEmails: '最大10件までのメールアドレスの入力が可能です',
  corporationCodeDigits: '半角数字で入力してください',
  storePrefectureRequired: '都道府県を選択してください',
  zipFormat: '郵便番号は7桁の半角数字で入力してください',
  insuranceInstitutionCodeFormat:
    '保険医療機関コードは都道府県番号2桁・点数表番号1桁・薬局コード7桁の半角数字で入力してください',
  passwordContainsEmail: 'メールアドレスを含むパスワードは登録できません。',
  inviteRoleRequired: '権限を選択してください',
  // analytics (spec 02 §5)
  periodStartAfterEnd: '開始日は終了日より後には設定できません',
  periodEndBeforeStart: '終了日は開始日より前には設定できません',
  periodBothRequired: '開始日と終了日を選択してください。',
  dailyAxisTooLong: '日次で2年以上は選択できません',
  periodOutOfRange: `${slashed(PERIOD_EARLIEST_DATE)}〜${slashed(PERIOD_LATEST_DATE)}の範囲で選択してください`,
  /** Over AXIS_MAX_YEARS on a time axis ('月次'), or without an axis when `axis` is omitted. */
  periodTooLong: (years: number, axis?: string) =>
    `${axis ? `${axis}で` : ''}選択できる期間は${years}年までです`,
  storeRequired: 'いずれかの店舗を選択してください',
  /** A comparison period asked with one of its two dates only. */
  comparisonBothRequired: '比較期間は開始日と終了日の両方を指定してください',
  /** A period starting before the free plan's calendar allows (FREE_PLAN_CALENDAR_MONTHS). */
  freePlanPeriodTooOld: (earliest: string) =>
    `フリープランでは${slashed(earliest)}より前の期間は選択できません`,
  /** A metric whose activePlans lacks the caller's plan (shown locked in the dropdown). */
  metricLocked: (label: string) => `「${label}」はご利用中のプランでは表示できません`,
  /** A metric the page's dropdown does not offer. */
  metricNotOnPage: (label: string) => `この画面では「${label}」を選択できません`,
  filterRequired: '選択してください',
  addressRequired: '都道府県、市町村を入力してください',
  tableMaxChecked: 'チェックできる項目は10個までです。',
  tableMinChecked: '１項目以上チェックしてください。',
} as const;

/** Error and success messages (spec 01 §8, spec 02 §8). */
export const MESSAGES = {
  sessionExpired: 'セッションの有効期限がきれました。',
  unexpected: '予期しないエラーが発生しました。',
  unexpectedNotice: '予期しないエラーが発生しました',
  /** A database statement ran past its time limit (answered 503). */
  statementTimeout:
    '処理に時間がかかりすぎたため中断しました。期間や店舗を絞るか、しばらくしてから再度お試しください。',
  /** The analytics queue is full (answered 503 with Retry-After). */
  analyticsBusy: 'ただいま混み合っています。しばらくしてから再度お試しください。',
  /** A page asked while the server's first start still builds the web app (answered 503). */
  webAppPreparing: '画面を準備しています。このページは数秒後に自動で再読み込みされます。',
  helpHint: '画面右下の「ヘルプ」よりお問い合わせください',
  signUpFailed: '予期しないエラーが発生しました。画面右下の「ヘルプ」よりお問い合わせください',
  loginSuspended: 'ログインアカウントの企業は休会中です。',
  loginFailed: '登録のメールアドレスまたはパスワードが違います。',
  newAccountErrorTitle: '利用申込を完了できません',
  signUpLinkExpired:
    'リンクの有効期限が切れました。お手数ですが、もう一度利用申込からやり直してください。',
  signUpDeadlinePassed:
    '登録可能期限を過ぎました。お手数ですが、もう一度利用申込からやり直してください。',
  emailAlreadyRegistered: 'このメールアドレスはすでに登録されています。',
  passwordSameToEmail: 'メールアドレスと同じパスワードは登録できません。',
  resetLinkExpired: 'リンクの有効期限が切れました。お手数ですが、最初からやり直してください。',
  invitationLinkExpired: 'リンクの有効期限が切れました。管理者に再度招待を依頼してください。',
  profileUpdated: 'プロフィールの更新が完了しました。',
  currentPasswordWrong: '現在のパスワードが異なります。',
  tooManyAttempts: '試行回数が上限に達しました。しばらく時間をおいてから再度お試しください。',
  passwordChanged: 'パスワードの変更が完了しました。',
  personalSettingsUpdated: '個人設定の更新が完了しました。',
  corporationUpdated: '法人の更新が完了しました。',
  corporationUpdateFailed: '法人の更新に失敗しました。',
  corporationSwitchFailed: '更新に失敗しました',
  accountDeleted: 'アカウントの削除が完了しました。',
  accountDeleteWarning: '削除したアカウントは永久に利用できなくなり、復元することはできません。',
  lastUser: '管理者は少なくとも1人必要です。',
  roleChanged: '権限の変更が完了しました。',
  browsableStoresChanged: '閲覧可能店舗の変更が完了しました。',
  storeRegistered: '店舗の登録が完了しました。',
  storeUpdated: '店舗の更新が完了しました。',
  storeDeleted: '店舗の削除が完了しました。',
  storeMemberRemoved: '店舗からメンバーを削除しました。',
  planChanged: 'プランの変更が完了しました。',
  storeNameUnique: '店舗名はすでに存在します。',
  insuranceInstitutionCodeUnique: '保健機関コードはすでに存在します。',
  storeDeletePasswordWrong: 'パスワードが違います。',
  csvFailed: 'CSVの出力に失敗しました',
  dashboardMailSent: 'ダッシュボードレポートのメールを送信しました。',
  /** Above the list of recipients in the confirmation before sending the report mail. */
  dashboardMailRecipients: (count: number) =>
    `レポートメールの受信を許可している次の${count}名に送信します。各メンバーには閲覧可能な店舗の数値が届きます。`,
  dashboardMailNoRecipients:
    'レポートメールの受信を許可しているメンバーがいないため、送信先がありません。個人設定でメンバーが受信を許可すると送信できます。',
  noData: '表示できる情報がありません',
  /** Beside a comparison whose stores have no data for part of its period; no change is shown. */
  comparisonIncomplete: '比較期間のデータが一部ありません',
  /** A shared link named stores the member may not see; the view shows the others. */
  linkStoresDropped: 'リンクに閲覧できない店舗が含まれていたため、それらを除いて表示しています',
  /** In place of a field left empty (a phone, an address, a search name). */
  notEntered: '未入力',
  /** In place of a setting not made yet (viewable stores, an uploader's user). */
  notSet: '未設定',
  distributionMapAddressMissing:
    '住所が登録されていない店舗があるため、マップを利用できません。設定 > 店舗一覧 の店舗詳細から住所を入力してください。',
  marketShareAddressMissing:
    '店舗の住所が登録されていないため、マップを利用できません。設定 > 店舗一覧 > 店舗詳細 から住所を入力してください。',
  selectStore: '店舗を選択してください',
  comingSoon: '準備中',
  setupGuideUserMessage:
    'ご利用を開始するには、法人のご担当者様が閲覧可能な店舗を設定する必要があります。ご担当者様にお問い合わせください。',
  // settings screens
  incompleteSetupStores: (count: number) => `初期設定が完了していない店舗が${count}件あります。`,
  setupComplete: '全ての店舗の初期設定が完了しています。',
  setupNoStore:
    '店舗がまだ登録されていません。店舗を登録すると、店舗ごとの初期設定を始められます。',
  setupRegisterStore: '店舗を登録する',
  setupNoViewableStore:
    '閲覧可能な店舗が設定されていません。法人の管理者に閲覧可能店舗の設定を依頼してください。',
  zipAddressNotFound: '該当する住所が見つかりません',
  planInUse: '利用中',
} as const;

/** Server error payload `type` values the browser reacts to (spec 01 §8). */
export const ERROR_TYPES = {
  passwordSameToEmail: 'password_same_to_email',
  lastUser: 'last_user',
} as const;

/** Server error payload `message` values the browser reacts to (spec 01 §8). */
export const ERROR_WIRE_MESSAGES = {
  invalidToken: 'invalid token',
  invalidCsrfToken: 'invalid csrf token',
  corporationSuspended: 'corporation suspended',
  tokenExpired: 'token expired',
  emailAlreadyRegistered: 'email already registered',
  storeNameUnique: 'name unique error',
  insuranceInstitutionCodeUnique: 'insurance institution code unique error',
} as const;

/** What the server records about an uploaded file (upload history, uploader replies). */
export const UPLOAD_MESSAGES = {
  duplicate: '同じ内容のファイルは取り込み済みです。',
  failed:
    '取り込み中にサーバーでエラーが発生したため、何も取り込んでいません。時間をおいてもう一度送ってください。',
} as const;

/** What the store-side uploader tells the person at the receipt computer. */
export const UPLOADER_MESSAGES = {
  badCredentials:
    'ユーザー名またはキーが正しくありません。設定 > 初期設定 でダウンロードしたアップローダー情報を確認してください。',
  missingSetting: (name: string) => `設定「${name}」がありません。`,
  controlCharacterSetting: (name: string) =>
    `設定「${name}」に使えない文字（改行などの制御文字）が含まれています。`,
  folderMissing: (folder: string) => `監視フォルダ ${folder} が見つかりません。`,
  connected: (store: string) => `${store} として接続しました。`,
  watching: (folder: string, seconds: number) => `${folder} を ${seconds} 秒ごとに確認します。`,
  sending: (file: string) => `${file} を送信しています…`,
  loaded: (file: string, loaded: number, refused: number) =>
    `${file}: ${loaded} 件の処方箋を取り込みました${refused ? `（エラー ${refused} 行）` : ''}。`,
  duplicate: (file: string) => `${file}: 取り込み済みの内容です。`,
  refused: (file: string, reason: string) => `${file}: 取り込めませんでした。${reason}`,
  notSent: (file: string, reason: string) =>
    `${file}: 読み取れない形式のため送信しません（患者の情報を守るため）。${reason}`,
  retrying: (seconds: number, reason: string) =>
    `サーバーに接続できません（${reason}）。${seconds} 秒後に再試行します。`,
  stopped: '停止しました。',
  lookupUsage: '使い方: pharmalytics-uploader lookup <仮名ID> --config uploader.json',
  lookupTooShort: (min: number) => `仮名IDは先頭の${min}文字以上を入力してください。`,
  lookupNotFound: (pseudonym: string, folder: string) =>
    `仮名ID ${pseudonym} の患者は ${folder} のファイルに見つかりません（別の店舗の患者か、ファイルが残っていない可能性があります）。`,
  lookupAmbiguous: (count: number) =>
    `${count}人の患者が当てはまります。仮名IDをもっと長く入力してください。`,
} as const;

/**
 * What the server and the facility importer tell the operator when another process holds the
 * embedded database's directory (packages/server/src/db/data-dir-lock.ts).
 */
export const DATA_DIR_MESSAGES = {
  inUse: (dataDir: string, pid: number) =>
    `データベースのディレクトリ ${dataDir} は別のプロセス（${pid}）が使用中です。` +
    'そのプロセス（サーバーなど）を停止するか、DATA_DIR に別のディレクトリを指定してください。',
} as const;

/**
 * What the facility importer (packages/server/src/maps/import-facilities.ts) tells the operator
 * about a file of the national medical information open data (docs/facility-masters.md).
 */
export const FACILITY_IMPORT_MESSAGES = {
  missingColumn: (column: string) => `1行目: 列「${column}」がありません。`,
  noKind:
    '1行目: 列「機関区分」がありません（名称の列が「名称」の薬局のファイルのほかは、機関区分が必要です）。',
  emptyValue: (lineNo: number, column: string) => `${lineNo}行目: ${column}が空です。`,
  controlCharacters: (lineNo: number, column: string) =>
    `${lineNo}行目: ${column}に使えない文字（制御文字）が含まれています。`,
  tooLong: (lineNo: number, column: string, max: number) =>
    `${lineNo}行目: ${column}が${max}文字を超えています。`,
  unknownKind: (lineNo: number, value: string) =>
    `${lineNo}行目: 機関区分「${value}」は取り込めません（1 病院、2 診療所、3 歯科診療所、4 助産所、5 薬局のいずれかです）。`,
  noCoordinates: (lineNo: number) =>
    `${lineNo}行目: 所在地座標（緯度・経度）がないため、地図に置けません。`,
  badCoordinates: (lineNo: number) =>
    `${lineNo}行目: 所在地座標（緯度・経度）が数値でないか、日本の範囲（緯度20～46度、経度122～154度）の外です。`,
  duplicateId: (lineNo: number, firstLineNo: number) =>
    `${lineNo}行目: IDが${firstLineNo}行目と同じです（先の行を取り込みます）。`,
  badBeds: (lineNo: number, column: string) =>
    `${lineNo}行目: ${column}が0以上の整数（6桁まで）ではありません。`,
  noRows: 'ファイルに施設の行がありません。',
  usage: '使い方: npx tsx packages/server/src/maps/import-facilities.ts <ファイル>…',
  summary: (
    file: string,
    counts: {
      inserted: number;
      updated: number;
      unchanged: number;
      refused: number;
      skipped: number;
    },
  ) =>
    `${file}: 新規 ${counts.inserted} 件、更新 ${counts.updated} 件、変更なし ${counts.unchanged} 件` +
    `（地図に載せない種別 ${counts.skipped} 件、取り込めなかった行 ${counts.refused} 件）`,
} as const;
