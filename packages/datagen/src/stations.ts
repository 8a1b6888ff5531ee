/**
 * Railway stations near the demo stores (Fukuoka Prefecture), at approximate points: the demo
 * facility master puts clinics and competing pharmacies around them, as station fronts have.
 */
export interface DemoStation {
  name: string;
  latitude: number;
  longitude: number;
}

export const DEMO_STATIONS: readonly DemoStation[] = [
  { name: '天神', latitude: 33.5913, longitude: 130.399 },
  { name: '博多', latitude: 33.5897, longitude: 130.4207 },
  { name: '祇園', latitude: 33.5928, longitude: 130.4134 },
  { name: '中洲川端', latitude: 33.5943, longitude: 130.4065 },
  { name: '赤坂', latitude: 33.5897, longitude: 130.3923 },
  { name: '薬院', latitude: 33.5821, longitude: 130.4023 },
  { name: '渡辺通', latitude: 33.5852, longitude: 130.4048 },
  { name: '西新', latitude: 33.5838, longitude: 130.3596 },
  { name: '藤崎', latitude: 33.5826, longitude: 130.3487 },
  { name: '姪浜', latitude: 33.5837, longitude: 130.325 },
  { name: '香椎', latitude: 33.6597, longitude: 130.4443 },
  { name: '千早', latitude: 33.6555, longitude: 130.4434 },
  { name: '箱崎', latitude: 33.615, longitude: 130.4235 },
  { name: '大橋', latitude: 33.5593, longitude: 130.4268 },
  { name: '福大前', latitude: 33.5495, longitude: 130.365 },
  { name: '小倉', latitude: 33.8868, longitude: 130.8826 },
  { name: '西鉄久留米', latitude: 33.3131, longitude: 130.5206 },
  { name: '新飯塚', latitude: 33.6389, longitude: 130.6955 },
  { name: '春日', latitude: 33.5336, longitude: 130.4714 },
];
