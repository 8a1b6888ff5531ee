/**
 * What a prescription contains: regimens of chronic patients (stable from visit to visit) and the
 * contents of acute episodes, by department and age. Items name ingredients; the product (brand
 * or generic) is chosen later per patient and store.
 */
import { type Rng } from './rng.ts';

/** 内服 items of one 服用時点 form one 剤. */
export type Timing = '朝食後' | '朝夕食後' | '毎食後' | '夕食後' | '就寝前';

export type Usage = '内服' | '屯服' | '外用' | '注射';

export interface RxItem {
  ingredient: string;
  usage: Usage;
  /** 内服: 服用時点 (the 剤). */
  timing?: Timing;
  /** 内服: units per day. */
  perDay?: number;
  /** 屯服, 外用, 注射: quantity for a 28-day prescription (scaled by days, see quantityFor). */
  per28?: number;
  /** 屯服, 外用, 注射: fixed quantity regardless of days. */
  fixed?: number;
  /** Pack size quantities are rounded up to (外用). */
  pack?: number;
}

export interface Regimen {
  items: RxItem[];
  /** Days per prescription (the refill cycle). */
  days: number;
}

/** Departments the demo clinics use (CSV `department`). */
export const DEPARTMENTS = [
  '内科',
  '循環器内科',
  '消化器内科',
  '糖尿病内科',
  '脳神経内科',
  '小児科',
  '整形外科',
  '皮膚科',
  '眼科',
  '耳鼻咽喉科',
  '精神科',
  '心療内科',
  '外科',
  '泌尿器科',
] as const;

export type Department = (typeof DEPARTMENTS)[number];

export type DepartmentFamily =
  | '内科'
  | '小児科'
  | '整形外科'
  | '皮膚科'
  | '眼科'
  | '耳鼻咽喉科'
  | '精神科'
  | '外科'
  | '泌尿器科';

export function familyOf(department: Department): DepartmentFamily {
  switch (department) {
    case '循環器内科':
    case '消化器内科':
    case '糖尿病内科':
    case '脳神経内科':
    case '内科':
      return '内科';
    case '心療内科':
    case '精神科':
      return '精神科';
    default:
      return department;
  }
}

/** Age bands used for demographics: 0–5, 6–14, 15–39, 40–64, 65–74, 75–84, 85+. */
export const AGE_BANDS: readonly (readonly [number, number])[] = [
  [0, 5],
  [6, 14],
  [15, 39],
  [40, 64],
  [65, 74],
  [75, 84],
  [85, 99],
];

type BandWeights = readonly [number, number, number, number, number, number, number];

const AGE_MIX: Record<DepartmentFamily, { acute: BandWeights; chronic: BandWeights }> = {
  内科: {
    acute: [0.07, 0.09, 0.26, 0.3, 0.12, 0.11, 0.05],
    chronic: [0, 0.01, 0.07, 0.32, 0.27, 0.23, 0.1],
  },
  小児科: {
    acute: [0.55, 0.43, 0.02, 0, 0, 0, 0],
    chronic: [0.45, 0.53, 0.02, 0, 0, 0, 0],
  },
  整形外科: {
    acute: [0.01, 0.05, 0.2, 0.31, 0.17, 0.18, 0.08],
    chronic: [0, 0, 0.04, 0.2, 0.26, 0.33, 0.17],
  },
  皮膚科: {
    acute: [0.08, 0.1, 0.3, 0.28, 0.12, 0.09, 0.03],
    chronic: [0.03, 0.05, 0.22, 0.3, 0.18, 0.15, 0.07],
  },
  眼科: {
    acute: [0.05, 0.1, 0.2, 0.25, 0.15, 0.17, 0.08],
    chronic: [0, 0.01, 0.04, 0.2, 0.27, 0.33, 0.15],
  },
  耳鼻咽喉科: {
    acute: [0.18, 0.2, 0.25, 0.22, 0.08, 0.05, 0.02],
    chronic: [0.05, 0.12, 0.3, 0.33, 0.1, 0.07, 0.03],
  },
  精神科: {
    acute: [0, 0.02, 0.38, 0.4, 0.1, 0.07, 0.03],
    chronic: [0, 0.02, 0.36, 0.42, 0.1, 0.07, 0.03],
  },
  外科: {
    acute: [0.01, 0.04, 0.22, 0.33, 0.17, 0.15, 0.08],
    chronic: [0, 0, 0.05, 0.27, 0.27, 0.28, 0.13],
  },
  泌尿器科: {
    acute: [0, 0.01, 0.1, 0.27, 0.25, 0.26, 0.11],
    chronic: [0, 0, 0.03, 0.22, 0.28, 0.32, 0.15],
  },
};

/** Age in years at arrival for a patient of a department family. */
export function drawAge(rng: Rng, family: DepartmentFamily, chronic: boolean): number {
  const weights = chronic ? AGE_MIX[family].chronic : AGE_MIX[family].acute;
  const band = AGE_BANDS[rng.weightedIndex(weights)]!;
  if (band[0] === 85) return 85 + (Math.floor(rng.exponential(4.5)) % 15);
  return rng.int(band[0], band[1]);
}

/** How likely a chronic (regular) patient is to be followed by a clinic of this family. */
export const CHRONIC_AFFINITY: Record<DepartmentFamily, number> = {
  内科: 1.6,
  小児科: 0.08,
  整形外科: 0.8,
  皮膚科: 0.35,
  眼科: 0.7,
  耳鼻咽喉科: 0.35,
  精神科: 1.2,
  外科: 0.4,
  泌尿器科: 0.9,
};

/** The same for acute (occasional) patients. */
export const ACUTE_AFFINITY: Record<DepartmentFamily, number> = {
  内科: 1,
  小児科: 1.6,
  整形外科: 1.1,
  皮膚科: 1.1,
  眼科: 0.9,
  耳鼻咽喉科: 1.3,
  精神科: 0.4,
  外科: 0.8,
  泌尿器科: 0.5,
};

export const CYCLES: readonly (readonly [number, number])[] = [
  [14, 0.09],
  [28, 0.41],
  [30, 0.08],
  [35, 0.05],
  [42, 0.05],
  [56, 0.16],
  [60, 0.04],
  [84, 0.06],
  [90, 0.06],
];

/** Days of a chronic patient's prescriptions. */
export function drawCycle(rng: Rng): number {
  return rng.weighted(CYCLES);
}

const oral = (ingredient: string, timing: Timing, perDay: number): RxItem => ({
  ingredient,
  usage: '内服',
  timing,
  perDay,
});
const prn = (ingredient: string, fixed: number): RxItem => ({ ingredient, usage: '屯服', fixed });
const ext = (ingredient: string, per28: number, pack: number): RxItem => ({
  ingredient,
  usage: '外用',
  per28,
  pack,
});
const extFixed = (ingredient: string, fixed: number): RxItem => ({
  ingredient,
  usage: '外用',
  fixed,
});
const inj = (ingredient: string, per28: number): RxItem => ({ ingredient, usage: '注射', per28 });

/** Quantity of a non-内服 item for a prescription of `days` days. */
export function quantityFor(item: RxItem, days: number): number {
  if (item.fixed !== undefined) return item.fixed;
  const raw = ((item.per28 ?? 1) * days) / 28;
  const pack = item.pack ?? 1;
  return Math.max(pack, Math.ceil(raw / pack - 1e-9) * pack);
}

/** Material (注射針) per injection day for the insulins. */
export const NEEDLE_INGREDIENTS = new Set(['insulin-degludec', 'insulin-lispro']);

interface PatientTraits {
  age: number;
  gender: 1 | 2;
}

function internalRegimen(rng: Rng, { age, gender }: PatientTraits, hospital: boolean): RxItem[] {
  const items: RxItem[] = [];
  const old = age >= 65;
  const p = (young: number, middle: number, elder: number) =>
    age < 40 ? young : age < 65 ? middle : elder;
  const heartFailure = age >= 70 && rng.chance(0.12);
  let diabetic = false;
  if (age >= 35 && rng.chance(p(0.06, 0.3, 0.36))) {
    diabetic = true;
    items.push(oral('metformin', '朝夕食後', rng.pick([2, 4, 6])));
    if (rng.chance(0.65)) {
      items.push(oral(rng.chance(0.55) ? 'sitagliptin' : 'linagliptin', '朝食後', 1));
    }
    if (rng.chance(0.55)) {
      items.push(oral(rng.chance(0.55) ? 'dapagliflozin' : 'empagliflozin', '朝食後', 1));
    }
    const third = rng.next();
    if (third < 0.12) items.push(oral('semaglutide-oral', '朝食後', 1));
    else if (third < 0.23) items.push(oral('glimepiride', '朝食後', rng.pick([1, 2])));
    if (rng.chance(0.045)) {
      items.push(inj(rng.chance(0.6) ? 'insulin-degludec' : 'insulin-lispro', rng.pick([2, 3])));
    } else if (rng.chance(0.1)) {
      items.push(rng.chance(0.5) ? inj('dulaglutide', 4) : inj('semaglutide-injection', 1));
    }
  }
  if (age >= 65 && rng.chance(age >= 75 ? 0.22 : 0.12)) {
    const kind = rng.weighted([
      ['apixaban', 5],
      ['edoxaban', 4],
      ['rivaroxaban', 2],
      ['warfarin', 1],
    ] as const);
    if (kind === 'apixaban') items.push(oral('apixaban', '朝夕食後', 2));
    else if (kind === 'warfarin') items.push(oral('warfarin', '朝食後', rng.pick([2, 3])));
    else items.push(oral(kind, '朝食後', 1));
  } else if (old && rng.chance(0.09)) {
    items.push(oral(rng.chance(0.6) ? 'aspirin' : 'clopidogrel', '朝食後', 1));
  }
  if (heartFailure) {
    items.push(oral('furosemide', '朝食後', 1));
    items.push(oral('bisoprolol', '朝食後', 1));
    if (rng.chance(0.5)) items.push(oral('sacubitril-valsartan', '朝夕食後', 2));
    if (!diabetic && rng.chance(0.4)) items.push(oral('dapagliflozin', '朝食後', 1));
  } else if (!diabetic && age >= 60 && rng.chance(0.1)) {
    items.push(oral('dapagliflozin', '朝食後', 1));
  }
  if (rng.chance(p(0.08, 0.45, 0.7))) {
    const arb = rng.weighted([
      ['olmesartan', 3],
      ['telmisartan', 3],
      ['candesartan', 2],
      ['azilsartan', 3],
    ] as const);
    const shape = rng.weighted([
      ['ccb', 4],
      ['arb', 3],
      ['both', 2],
      ['combination', 1.5],
    ] as const);
    if (shape === 'combination') items.push(oral('azilsartan-amlodipine', '朝食後', 1));
    else {
      if (shape !== 'arb') items.push(oral('amlodipine', '朝食後', 1));
      if (shape !== 'ccb') items.push(oral(arb, '朝食後', 1));
    }
  }
  if (age >= 35 && rng.chance(p(0.1, 0.4, 0.45))) {
    if (rng.chance(0.12)) items.push(oral('ezetimibe-atorvastatin', '朝食後', 1));
    else {
      const statin = rng.weighted([
        ['rosuvastatin', 4],
        ['atorvastatin', 3],
        ['pitavastatin', 2],
      ] as const);
      items.push(oral(statin, rng.chance(0.6) ? '夕食後' : '朝食後', 1));
      if (rng.chance(0.15)) items.push(oral('ezetimibe', '朝食後', 1));
    }
  }
  if (rng.chance(p(0.12, 0.28, 0.35))) {
    const acid = rng.weighted([
      ['lansoprazole', 2],
      ['esomeprazole', 2],
      ['vonoprazan', 2],
      ['vonoprazan20', 2],
      ['famotidine', 2],
    ] as const);
    items.push(
      oral(acid, acid === 'famotidine' ? '朝夕食後' : '朝食後', acid === 'famotidine' ? 2 : 1),
    );
  }
  if (gender === 1 && age >= 40 && rng.chance(0.1)) {
    items.push(oral(rng.chance(0.6) ? 'febuxostat' : 'allopurinol', '朝食後', 1));
  }
  if (gender === 1 && age >= 60 && rng.chance(0.12)) items.push(oral('tamsulosin', '朝食後', 1));
  if (age >= 65 && rng.chance(0.06)) items.push(oral('vibegron', '朝食後', 1));
  if (gender === 2 && age >= 65 && rng.chance(0.2)) items.push(oral('eldecalcitol', '朝食後', 1));
  if (age >= 60 && rng.chance(0.08)) items.push(oral('mecobalamin', '毎食後', 3));
  if (age >= 50 && rng.chance(0.13)) {
    const sleep = rng.weighted([
      ['zolpidem', 3],
      ['brotizolam', 2],
      ['suvorexant', 2],
      ['lemborexant', 3],
    ] as const);
    items.push(oral(sleep, '就寝前', 1));
  }
  if (age >= 80 && rng.chance(0.07)) items.push(oral('donepezil', '朝食後', 1));
  if (age >= 70 && rng.chance(0.08)) items.push(oral('sennoside', '就寝前', 2));
  if (age >= 50 && rng.chance(0.05)) {
    items.push(oral(rng.chance(0.5) ? 'pregabalin' : 'mirogabalin', '朝夕食後', 2));
  }
  if (age >= 55 && rng.chance(0.08)) {
    items.push(extFixed(rng.chance(0.5) ? 'trelegy-inhaler' : 'relvar-inhaler', 1));
  }
  if (gender === 2 && age >= 70 && rng.chance(0.025)) items.push(inj('teriparatide', 1));
  if (age >= 40 && age < 80 && rng.chance(0.008)) items.push(inj('adalimumab', 2));
  if (age >= 30 && rng.chance(0.012)) items.push(oral('tenofovir-af', '朝食後', 1));
  if (age >= 20 && rng.chance(0.002)) items.unshift(inj('mepolizumab', 1));
  if (age >= 65 && rng.chance(0.12)) {
    items.push(ext(rng.chance(0.6) ? 'loxoprofen-tape' : 'ketoprofen-tape', 42, 7));
  }
  if (hospital && age >= 50 && rng.chance(0.006)) items.unshift(oral('osimertinib', '朝食後', 1));
  if (items.length === 0)
    items.push(oral(rng.chance(0.6) ? 'amlodipine' : 'rosuvastatin', '朝食後', 1));
  return items;
}

/** The stable regimen of a chronic patient followed by a clinic of `family`. */
export function chronicRegimen(
  rng: Rng,
  family: DepartmentFamily,
  traits: PatientTraits,
  days: number,
  hospital = false,
): Regimen {
  let items: RxItem[];
  switch (family) {
    case '内科':
      items = internalRegimen(rng, traits, hospital);
      break;
    case '精神科':
      items = [
        oral(rng.chance(0.55) ? 'escitalopram' : 'sertraline', '夕食後', 1),
        oral(
          rng.weighted([
            ['zolpidem', 3],
            ['brotizolam', 2],
            ['lemborexant', 2],
            ['suvorexant', 1],
          ] as const),
          '就寝前',
          1,
        ),
      ];
      if (rng.chance(0.45)) items.push(oral('etizolam', '毎食後', 3));
      else if (rng.chance(0.3)) items.push(prn('etizolam', 10));
      break;
    case '整形外科':
    case '外科':
      items = rng.chance(0.55)
        ? [oral('celecoxib', '朝夕食後', 2), oral('rebamipide', '朝夕食後', 2)]
        : [oral('loxoprofen', '毎食後', 3), oral('rebamipide', '毎食後', 3)];
      if (rng.chance(0.7)) {
        items.push(ext(rng.chance(0.6) ? 'loxoprofen-tape' : 'ketoprofen-tape', 42, 7));
      }
      if (rng.chance(0.3)) items.push(oral('mecobalamin', '毎食後', 3));
      if (rng.chance(0.15)) items.push(oral('pregabalin', '朝夕食後', 2));
      if (traits.gender === 2 && traits.age >= 70 && rng.chance(0.05)) {
        items.unshift(inj('teriparatide', 1));
      } else if (traits.age >= 30 && traits.age < 80 && rng.chance(0.015)) {
        items.unshift(inj('adalimumab', 2));
      }
      break;
    case '眼科':
      items = [];
      if (rng.chance(0.5)) items.push(ext('latanoprost-eye', 2.5, 2.5));
      if (rng.chance(0.6)) items.push(ext('hyaluronate-eye', 10, 5));
      else if (rng.chance(0.4)) items.push(ext('diquafosol-eye', 10, 5));
      if (items.length === 0) items.push(ext('hyaluronate-eye', 10, 5));
      break;
    case '皮膚科':
      items = [ext(rng.chance(0.7) ? 'heparinoid-cream' : 'heparinoid-lotion', 75, 25)];
      if (rng.chance(0.6)) {
        items.push(
          ext(rng.chance(0.6) ? 'betamethasone-butyrate' : 'betamethasone-valerate-gm', 20, 5),
        );
      }
      if (rng.chance(0.6)) {
        const antihistamine = rng.weighted([
          ['olopatadine', 3],
          ['fexofenadine', 3],
          ['bilastine', 2],
          ['levocetirizine', 2],
        ] as const);
        items.push(
          antihistamine === 'bilastine' || antihistamine === 'levocetirizine'
            ? oral(antihistamine, '就寝前', 1)
            : oral(antihistamine, '朝夕食後', 2),
        );
      }
      if (traits.age >= 15 && rng.chance(0.03)) items.push(inj('dupilumab', 2));
      break;
    case '耳鼻咽喉科':
      items = [
        rng.chance(0.5)
          ? oral('fexofenadine', '朝夕食後', 2)
          : oral(rng.chance(0.5) ? 'bilastine' : 'levocetirizine', '就寝前', 1),
      ];
      if (rng.chance(0.6)) items.push(oral('montelukast', '就寝前', 1));
      if (rng.chance(0.5)) items.push(extFixed('fluticasone-nasal', 1));
      if (traits.age >= 40 && rng.chance(0.05)) items.push(extFixed('relvar-inhaler', 1));
      break;
    case '泌尿器科':
      items = [oral('tamsulosin', '朝食後', 1)];
      if (rng.chance(0.35)) items.push(oral('mirabegron', '朝食後', 1));
      break;
    case '小児科':
      items = [oral('pranlukast-ds', '朝夕食後', round2(0.5 + traits.age * 0.1))];
      if (rng.chance(0.4))
        items.push(oral('carbocisteine-ds', '毎食後', round2(0.6 + traits.age * 0.1)));
      break;
  }
  return { items: items.slice(0, 5), days };
}

function round2(x: number): number {
  return Math.round(x * 100) / 100;
}

/** Dose per day of a pediatric powder (g) by age. */
function pediatricGrams(age: number, perYear: number, base: number): number {
  return round2(Math.min(3, base + age * perYear));
}

/** The contents of an acute episode seen by a clinic of `family`. */
export function acuteEpisode(
  rng: Rng,
  family: DepartmentFamily,
  age: number,
  month: number,
): Regimen {
  const child = age < 12;
  const fluSeason = month === 12 || month <= 3;
  let items: RxItem[] = [];
  let days = 7;
  switch (family) {
    case '内科':
    case '外科': {
      if (child) return acuteEpisode(rng, '小児科', age, month);
      const kind = rng.weighted(
        family === '外科'
          ? ([
              ['wound', 6],
              ['cold', 2],
              ['gi', 2],
            ] as const)
          : ([
              ['cold', 5],
              ['bacterial', 2],
              ['gi', 2],
              ['uti', 1],
              ['flu', fluSeason ? 3 : 0.1],
              ['covid', age >= 60 ? 0.35 : 0.05],
            ] as const),
      );
      if (kind === 'flu') {
        if (rng.chance(0.45)) {
          days = 1;
          items = [oral('baloxavir', '朝食後', age >= 12 ? 2 : 1)];
        } else {
          days = 5;
          items = [oral('oseltamivir', '朝夕食後', 2)];
        }
        items.push(prn('acetaminophen', 5));
      } else if (kind === 'covid') {
        days = 5;
        items = [oral('molnupiravir', '朝夕食後', 8), prn('acetaminophen', 5)];
      } else if (kind === 'cold') {
        days = rng.pick([4, 5, 7]);
        items = [oral('carbocisteine', '毎食後', 3), oral('dextromethorphan', '毎食後', 3)];
        if (rng.chance(0.6)) items.push(prn('acetaminophen', 10));
        if (rng.chance(0.25)) items.push(oral('clarithromycin', '朝夕食後', 2));
      } else if (kind === 'bacterial') {
        days = rng.pick([5, 7]);
        items = [oral('clarithromycin', '朝夕食後', 2), oral('carbocisteine', '毎食後', 3)];
        if (rng.chance(0.4)) items.push(prn('loxoprofen', 10));
      } else if (kind === 'gi') {
        days = rng.pick([7, 14, 14]);
        items = [oral('famotidine', '朝夕食後', 2), oral('rebamipide', '毎食後', 3)];
      } else if (kind === 'uti') {
        days = rng.pick([5, 7]);
        items = [oral('levofloxacin', '朝食後', 1)];
      } else {
        days = rng.pick([3, 5]);
        items = [oral('cefcapene', '毎食後', 3), oral('loxoprofen', '毎食後', 3)];
        if (rng.chance(0.5)) items.push(oral('rebamipide', '毎食後', 3));
      }
      break;
    }
    case '小児科': {
      days = rng.pick([4, 5, 5, 7]);
      if (fluSeason && rng.chance(0.3)) {
        days = 5;
        items = [oral('oseltamivir-ds', '朝夕食後', pediatricGrams(age, 0.15, 0.6))];
        if (rng.chance(0.5)) items.push(prn('acetaminophen-suppository', 5));
        break;
      }
      items = [oral('carbocisteine-ds', '毎食後', pediatricGrams(age, 0.12, 0.4))];
      if (rng.chance(0.4)) {
        items.push(oral('amoxicillin-fine', '朝夕食後', pediatricGrams(age, 0.15, 0.5)));
      } else if (rng.chance(0.35)) {
        items.push(oral('pranlukast-ds', '朝夕食後', pediatricGrams(age, 0.1, 0.4)));
      }
      if (rng.chance(0.35)) items.push(prn('acetaminophen-suppository', 5));
      break;
    }
    case '耳鼻咽喉科': {
      if (child) {
        days = rng.pick([5, 7]);
        items = [oral('carbocisteine-ds', '毎食後', pediatricGrams(age, 0.12, 0.4))];
        if (rng.chance(0.5)) {
          items.push(oral('amoxicillin-fine', '朝夕食後', pediatricGrams(age, 0.15, 0.5)));
        }
        break;
      }
      days = rng.pick([7, 14, 14]);
      items = [
        rng.chance(0.6) ? oral('fexofenadine', '朝夕食後', 2) : oral('levocetirizine', '就寝前', 1),
        oral('carbocisteine', '毎食後', 3),
      ];
      if (rng.chance(0.3)) items.push(oral('clarithromycin', '朝夕食後', 2));
      if (rng.chance(0.25)) items.push(extFixed('fluticasone-nasal', 1));
      break;
    }
    case '整形外科': {
      days = rng.pick([7, 14, 14]);
      items = rng.chance(0.65)
        ? [oral('loxoprofen', '毎食後', 3), oral('rebamipide', '毎食後', 3)]
        : [oral('celecoxib', '朝夕食後', 2), oral('rebamipide', '朝夕食後', 2)];
      if (rng.chance(0.65)) {
        items.push(
          extFixed(rng.chance(0.6) ? 'loxoprofen-tape' : 'ketoprofen-tape', rng.pick([21, 28, 42])),
        );
      }
      break;
    }
    case '皮膚科': {
      days = 14;
      items = [
        extFixed(
          rng.chance(0.6) ? 'betamethasone-butyrate' : 'betamethasone-valerate-gm',
          rng.pick([5, 10, 15]),
        ),
      ];
      if (rng.chance(0.6)) {
        items.push(child ? oral('olopatadine', '朝夕食後', 1) : oral('olopatadine', '朝夕食後', 2));
      }
      if (rng.chance(0.4)) items.push(extFixed('heparinoid-cream', rng.pick([25, 50])));
      break;
    }
    case '眼科': {
      days = 14;
      items = [extFixed(rng.chance(0.6) ? 'olopatadine-eye' : 'hyaluronate-eye', 5)];
      break;
    }
    case '精神科': {
      days = 14;
      items = [oral(rng.chance(0.6) ? 'zolpidem' : 'lemborexant', '就寝前', 1)];
      if (rng.chance(0.4)) items.push(oral('etizolam', '毎食後', 3));
      break;
    }
    case '泌尿器科': {
      days = rng.pick([5, 7]);
      items = [oral('levofloxacin', '朝食後', 1)];
      break;
    }
  }
  return { items: items.slice(0, 5), days };
}

/** An extra item sometimes added to a chronic patient's regular prescription. */
export function addOnItem(rng: Rng, family: DepartmentFamily): RxItem {
  switch (family) {
    case '整形外科':
    case '外科':
      return prn('loxoprofen', 10);
    case '皮膚科':
      return extFixed('betamethasone-butyrate', 10);
    case '眼科':
      return extFixed('hyaluronate-eye', 5);
    case '耳鼻咽喉科':
      return extFixed('fluticasone-nasal', 1);
    default:
      return rng.weighted([
        [prn('loxoprofen', 10), 3],
        [extFixed('loxoprofen-tape', 28), 3],
        [extFixed('heparinoid-cream', 25), 2],
        [prn('acetaminophen', 10), 2],
      ] as const);
  }
}
