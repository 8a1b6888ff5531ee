import type { PlanCode, RoleName } from '@pharmalytics/domain';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'Pharmalytics-demo1';

export interface DemoStore {
  storeCode: string;
  name: string;
  prefectureId: number;
  zipCode: string;
  city: string;
  block: string;
  buildingName?: string;
  latitude: number;
  longitude: number;
  insuranceInstitutionCode: string;
  managementPharmacistName: string;
  tel: string;
  /** Whether an uploader has already contacted the service for this store. */
  connected: boolean;
}

export interface DemoMember {
  email: string;
  publicName: string;
  searchName?: string;
  role: RoleName;
  /** Agreement dates before the cut-offs send the member to the Notice screen. */
  agreedOn?: string;
  /** Store codes a user-role member may browse. */
  browsableStoreCodes?: string[];
  sendReportAllowed?: boolean;
}

export interface DemoCorporation {
  corporationCode: string;
  name: string;
  plan: PlanCode;
  suspended?: boolean;
  zipCode: string;
  address: string;
  buildingName?: string;
  headOfficePrefectureId: number;
  technicalPerson?: { name: string; tel: string; email: string };
  billingPerson?: { name: string; tel: string; email: string };
  stores: DemoStore[];
  members: DemoMember[];
}

const FUKUOKA = 40;

export const DEMO_CORPORATIONS: DemoCorporation[] = [
  {
    corporationCode: '100001',
    name: '株式会社博多ファーマシー',
    plan: 'advanced',
    zipCode: '8100001',
    address: '福岡県福岡市中央区天神1丁目10-20',
    buildingName: '天神ビジネスセンター5F',
    headOfficePrefectureId: FUKUOKA,
    technicalPerson: {
      name: '中村 健一',
      tel: '0927120001',
      email: 'it@hakata-pharmacy.example.jp',
    },
    billingPerson: {
      name: '小林 美和',
      tel: '0927120002',
      email: 'keiri@hakata-pharmacy.example.jp',
    },
    stores: [
      {
        storeCode: '1001',
        name: 'はかた薬局 天神店',
        prefectureId: FUKUOKA,
        zipCode: '8100001',
        city: '福岡市中央区',
        block: '天神2丁目8-38',
        buildingName: '天神協和ビル1F',
        latitude: 33.5914,
        longitude: 130.4004,
        insuranceInstitutionCode: '4041100018',
        managementPharmacistName: '田中 誠',
        tel: '0927210101',
        connected: true,
      },
      {
        storeCode: '1002',
        name: 'はかた薬局 博多駅前店',
        prefectureId: FUKUOKA,
        zipCode: '8120011',
        city: '福岡市博多区',
        block: '博多駅前3丁目2-8',
        latitude: 33.5885,
        longitude: 130.4169,
        insuranceInstitutionCode: '4041100026',
        managementPharmacistName: '鈴木 由美',
        tel: '0924110202',
        connected: true,
      },
      {
        storeCode: '1003',
        name: 'はかた薬局 薬院店',
        prefectureId: FUKUOKA,
        zipCode: '8100022',
        city: '福岡市中央区',
        block: '薬院1丁目14-5',
        latitude: 33.5823,
        longitude: 130.4001,
        insuranceInstitutionCode: '4041100034',
        managementPharmacistName: '高橋 翔',
        tel: '0927310303',
        connected: true,
      },
      {
        storeCode: '1004',
        name: 'はかた薬局 西新店',
        prefectureId: FUKUOKA,
        zipCode: '8140002',
        city: '福岡市早良区',
        block: '西新4丁目1-1',
        latitude: 33.5834,
        longitude: 130.3586,
        insuranceInstitutionCode: '4041100042',
        managementPharmacistName: '伊藤 真理子',
        tel: '0928210404',
        connected: true,
      },
      {
        storeCode: '1005',
        name: 'はかた薬局 香椎店',
        prefectureId: FUKUOKA,
        zipCode: '8130013',
        city: '福岡市東区',
        block: '香椎駅前1丁目11-1',
        latitude: 33.6585,
        longitude: 130.4437,
        insuranceInstitutionCode: '4041100059',
        managementPharmacistName: '渡辺 大輔',
        tel: '0926610505',
        connected: true,
      },
      {
        storeCode: '1006',
        name: 'はかた薬局 大橋店',
        prefectureId: FUKUOKA,
        zipCode: '8150033',
        city: '福岡市南区',
        block: '大橋1丁目5-1',
        latitude: 33.5594,
        longitude: 130.4268,
        insuranceInstitutionCode: '4041100067',
        managementPharmacistName: '山本 彩',
        tel: '0925510606',
        connected: false,
      },
      {
        storeCode: '1007',
        name: 'はかた薬局 姪浜店',
        prefectureId: FUKUOKA,
        zipCode: '8190006',
        city: '福岡市西区',
        block: '姪浜駅南1丁目5-1',
        latitude: 33.5833,
        longitude: 130.3245,
        insuranceInstitutionCode: '4041100075',
        managementPharmacistName: '中村 亮',
        tel: '0928810707',
        connected: true,
      },
      {
        storeCode: '1008',
        name: 'はかた薬局 七隈店',
        prefectureId: FUKUOKA,
        zipCode: '8140133',
        city: '福岡市城南区',
        block: '七隈8丁目1-1',
        latitude: 33.5489,
        longitude: 130.3655,
        insuranceInstitutionCode: '4041100083',
        managementPharmacistName: '小林 直子',
        tel: '0928610808',
        connected: true,
      },
      {
        storeCode: '1009',
        name: 'はかた薬局 箱崎店',
        prefectureId: FUKUOKA,
        zipCode: '8120053',
        city: '福岡市東区',
        block: '箱崎1丁目35-1',
        latitude: 33.6144,
        longitude: 130.4283,
        insuranceInstitutionCode: '4041100091',
        managementPharmacistName: '加藤 健太',
        tel: '0926410909',
        connected: true,
      },
    ],
    members: [
      {
        email: 'admin@example.com',
        publicName: '山田 太郎',
        searchName: 'Taro Yamada',
        role: 'admin',
        sendReportAllowed: true,
      },
      {
        email: 'user@example.com',
        publicName: '佐藤 花子',
        searchName: 'Hanako Sato',
        role: 'user',
        browsableStoreCodes: ['1001', '1002'],
      },
      { email: 'sysadmin@example.com', publicName: '運用 管理者', role: 'system_admin' },
      { email: 'notice@example.com', publicName: '木村 浩', role: 'admin', agreedOn: '2023-01-10' },
    ],
  },
  {
    corporationCode: '100002',
    name: '株式会社みどり調剤',
    plan: 'free',
    zipCode: '8020001',
    address: '福岡県北九州市小倉北区浅野1丁目2-3',
    headOfficePrefectureId: FUKUOKA,
    stores: [
      {
        storeCode: '2001',
        name: 'みどり薬局 小倉駅前店',
        prefectureId: FUKUOKA,
        zipCode: '8020001',
        city: '北九州市小倉北区',
        block: '浅野1丁目2-3',
        latitude: 33.8871,
        longitude: 130.8836,
        insuranceInstitutionCode: '4041200016',
        managementPharmacistName: '松本 恵',
        tel: '0935210707',
        connected: true,
      },
    ],
    members: [{ email: 'free@example.com', publicName: '井上 直樹', role: 'admin' }],
  },
  {
    corporationCode: '100003',
    name: '有限会社さくら薬局',
    plan: 'basic',
    zipCode: '8300023',
    address: '福岡県久留米市中央町24-1',
    headOfficePrefectureId: FUKUOKA,
    stores: [
      {
        storeCode: '3001',
        name: 'さくら薬局 久留米中央店',
        prefectureId: FUKUOKA,
        zipCode: '8300023',
        city: '久留米市',
        block: '中央町24-1',
        latitude: 33.3193,
        longitude: 130.5207,
        insuranceInstitutionCode: '4041300014',
        managementPharmacistName: '林 洋平',
        tel: '0942310808',
        connected: true,
      },
      {
        storeCode: '3002',
        name: 'さくら薬局 飯塚店',
        prefectureId: FUKUOKA,
        zipCode: '8200040',
        city: '飯塚市',
        block: '吉原町6-1',
        latitude: 33.6447,
        longitude: 130.6911,
        insuranceInstitutionCode: '4041300022',
        managementPharmacistName: '清水 恵子',
        tel: '0948210909',
        connected: true,
      },
    ],
    members: [{ email: 'basic@example.com', publicName: '森 智子', role: 'admin' }],
  },
  {
    corporationCode: '100004',
    name: '株式会社ひかり薬局',
    plan: 'basic',
    suspended: true,
    zipCode: '8160811',
    address: '福岡県春日市春日公園3丁目1-1',
    headOfficePrefectureId: FUKUOKA,
    stores: [
      {
        storeCode: '4001',
        name: 'ひかり薬局 春日店',
        prefectureId: FUKUOKA,
        zipCode: '8160811',
        city: '春日市',
        block: '春日公園3丁目1-1',
        latitude: 33.5327,
        longitude: 130.4702,
        insuranceInstitutionCode: '4041400012',
        managementPharmacistName: '池田 修',
        tel: '0925811010',
        connected: true,
      },
    ],
    members: [{ email: 'suspended@example.com', publicName: '岡田 亮', role: 'admin' }],
  },
];

/**
 * What the demo corporation's administrator has stated about its stores for the 施設基準
 * (designation day, the 加算's supply and system facts). 1008 has nothing entered, so its 加算
 * reads 判定に必要な情報が未入力; 1006 is a new opening after 2026-05-31 (no 立地依存減算 exemption).
 */
export const DEMO_STORE_FACILITY_FACTS: Readonly<
  Record<
    string,
    {
      designatedOn: string;
      medicineSupplyRecord: boolean;
      priceNegotiation: boolean;
      regionalSupportSystem: boolean;
    }
  >
> = {
  '1001': {
    designatedOn: '2008-04-01',
    medicineSupplyRecord: true,
    priceNegotiation: true,
    regionalSupportSystem: true,
  },
  '1002': {
    designatedOn: '2011-10-01',
    medicineSupplyRecord: true,
    priceNegotiation: true,
    regionalSupportSystem: true,
  },
  '1003': {
    designatedOn: '2014-06-01',
    medicineSupplyRecord: true,
    priceNegotiation: true,
    regionalSupportSystem: false,
  },
  '1004': {
    designatedOn: '2016-04-01',
    medicineSupplyRecord: false,
    priceNegotiation: true,
    regionalSupportSystem: true,
  },
  '1005': {
    designatedOn: '2018-07-01',
    medicineSupplyRecord: true,
    priceNegotiation: true,
    regionalSupportSystem: true,
  },
  '1006': {
    designatedOn: '2026-09-01',
    medicineSupplyRecord: false,
    priceNegotiation: true,
    regionalSupportSystem: false,
  },
  '1007': {
    designatedOn: '2020-04-01',
    medicineSupplyRecord: true,
    priceNegotiation: true,
    regionalSupportSystem: false,
  },
  '1009': {
    designatedOn: '2022-10-01',
    medicineSupplyRecord: true,
    priceNegotiation: true,
    regionalSupportSystem: true,
  },
};
