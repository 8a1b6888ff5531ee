/**
 * Generic-medicine filter (spec 02 §3), in display order. The wire value is value − 1, which
 * is the generic class code of the medicine master (0 = approved before 1967 or basic drug).
 */
export const GENERIC_MEDICINE_FILTERS = [
  { value: 2, label: '先発医薬品（後発医薬品なし）' },
  { value: 3, label: '先発医薬品（後発医薬品あり）' },
  { value: 6, label: '先発医薬品（後発医薬品と同額以下）' },
  { value: 4, label: '後発医薬品' },
  { value: 5, label: '後発医薬品（先発医薬品と同額以上）' },
  { value: 1, label: '昭和42年以前承認品・基礎的医薬品' },
] as const;
export type GenericMedicineFilterValue = (typeof GENERIC_MEDICINE_FILTERS)[number]['value'];

export const RECEPTION_TYPE_FILTERS = [
  { value: '在宅', label: '在宅' },
  { value: '外来', label: '外来' },
] as const;
export type ReceptionTypeFilterValue = (typeof RECEPTION_TYPE_FILTERS)[number]['value'];

/** An item of the medical-institution autocomplete filter. */
export interface MedicalInstitutionFilterItem {
  text: string;
  value: string;
}

/** The autocomplete item of an institution: its name with its code, as two may share a name. */
export function medicalInstitutionFilterItem(
  name: string,
  code: string,
): MedicalInstitutionFilterItem {
  return { text: `${name}（${code}）`, value: code };
}

/**
 * Query value of a checkbox filter: the selected values comma-joined in option order,
 * or an empty string when everything is selected (spec 02 §5).
 */
export function checkboxFilterQuery<T extends string | number>(
  selected: readonly T[],
  options: readonly { value: T }[],
  toWire: (value: T) => string | number = String,
): string {
  const chosen = options.filter((o) => selected.includes(o.value));
  if (chosen.length === options.length) return '';
  return chosen.map((o) => toWire(o.value)).join(',');
}

/** The generic-medicine filter's value on the wire: its value minus one (spec 02 §7). */
export const genericFilterWireValue = (value: GenericMedicineFilterValue): number => value - 1;
/** The filter value a wire value stands for. */
export const genericFilterFromWire = (wire: number): GenericMedicineFilterValue =>
  (wire + 1) as GenericMedicineFilterValue;

export function genericMedicineFilterQuery(
  selected: readonly GenericMedicineFilterValue[],
): string {
  return checkboxFilterQuery(selected, GENERIC_MEDICINE_FILTERS, genericFilterWireValue);
}

export function receptionTypeFilterQuery(selected: readonly ReceptionTypeFilterValue[]): string {
  return checkboxFilterQuery(selected, RECEPTION_TYPE_FILTERS);
}

/** Sort menu of the age page. */
export const AGE_SORT_OPTIONS = [
  { value: 1, key: 'byMetric', label: '指標順' },
  { value: 2, key: 'byAgeGroup', label: '年代順' },
] as const;
export type AgeSortValue = (typeof AGE_SORT_OPTIONS)[number]['value'];
export const DEFAULT_AGE_SORT: AgeSortValue = 2;

/**
 * Address page grouping modes, in the popup's order: by postal code, by municipality (市区町村,
 * the prefecture and city or ward), or by town under an address prefix. `value` is what a saved
 * condition keeps; `key` is the chart call's `addressMode`.
 */
export const ADDRESS_MODES = [
  { value: 1, key: 'zipCode', label: '郵便番号' },
  { value: 3, key: 'city', label: '市区町村' },
  { value: 2, key: 'address', label: '住所別' },
] as const;
export type AddressModeValue = (typeof ADDRESS_MODES)[number]['value'];
export type AddressModeKey = (typeof ADDRESS_MODES)[number]['key'];
export const DEFAULT_ADDRESS_MODE: AddressModeValue = 1;
export const ADDRESS_PLACEHOLDER = '〇〇県〇〇市';

/** Age bands by decade; the unknown band appears in the market share table only. */
export const AGE_BANDS = [
  '0～9',
  '10～19',
  '20～29',
  '30～39',
  '40～49',
  '50～59',
  '60～69',
  '70～79',
  '80～89',
  '90歳以上',
] as const;
export const AGE_BAND_UNKNOWN = '不明';
export const MARKET_SHARE_AGE_BANDS = [...AGE_BANDS, AGE_BAND_UNKNOWN] as const;

/** Index into MARKET_SHARE_AGE_BANDS for an age in years; no age gives the unknown band. */
export function ageBandIndex(age: number | null | undefined): number {
  if (age == null || !Number.isFinite(age) || age < 0) return AGE_BANDS.length;
  return Math.min(Math.floor(age / 10), AGE_BANDS.length - 1);
}

export type SortDirection = 'asc' | 'desc';

const UNKNOWN_AGE_RANK = 100;

function leadingNumber(label: string): number | undefined {
  const match = /^\d+/.exec(label.trim());
  return match ? Number(match[0]) : undefined;
}

/**
 * Age-group order: by the band's lower age. 不明 (or any label without a leading age) ranks
 * as 100 ascending and always comes last descending.
 */
export function compareAgeGroups(a: string, b: string, direction: SortDirection = 'asc'): number {
  const ageA = leadingNumber(a);
  const ageB = leadingNumber(b);
  if (direction === 'asc') return (ageA ?? UNKNOWN_AGE_RANK) - (ageB ?? UNKNOWN_AGE_RANK);
  if (ageA === undefined || ageB === undefined) {
    return (ageA === undefined ? 1 : 0) - (ageB === undefined ? 1 : 0);
  }
  return ageB - ageA;
}

/** Labels whose sort key cannot be read go last. */
function compareKeys(a: number, b: number): number {
  const keyA = Number.isNaN(a) ? Infinity : a;
  const keyB = Number.isNaN(b) ? Infinity : b;
  return keyA === keyB ? 0 : keyA < keyB ? -1 : 1;
}

/** Time-slot order: by the hour in the label's first two characters ("09時" before "10時"). */
export function compareTimeSlots(a: string, b: string): number {
  return compareKeys(parseInt(a.slice(0, 2), 10), parseInt(b.slice(0, 2), 10));
}

/** Reception-count order: numeric after stripping every non-digit ("2回" before "10回以上"). */
export function compareReceptionCounts(a: string, b: string): number {
  const key = (label: string) => {
    const digits = label.replace(/\D/g, '');
    return digits === '' ? NaN : Number(digits);
  };
  return compareKeys(key(a), key(b));
}
