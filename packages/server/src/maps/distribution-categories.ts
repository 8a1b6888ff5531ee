import {
  CATEGORY_TOP_COUNT,
  MAP_CATEGORIES,
  medicalInstitutionFilterItem,
  OTHER_CATEGORY_LABEL,
  type MapCategoryValue,
} from '@pharmalytics/domain';

/** Patients of one category item: a code or key that tells items apart, and its name. */
export interface CategoryTally {
  key: string;
  name: string;
  patients: number;
  /** Where the item stands in a fixed order (the age bands), ahead of any count. */
  order?: number;
}

/** The legend of the distribution map: categories in rank order, and each item's category. */
export interface RankedCategories {
  categories: { name: string; count: number }[];
  /** Index into `categories` of each item's key. */
  categoryOf: Map<string, number>;
}

const AGE = MAP_CATEGORIES.find((c) => c.key === 'age')!.value;

/** Code-point order, the same on every machine. */
const byText = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

/**
 * Ranks the items of a map category (spec 02 §3, §9). The age bands come in band order, every
 * band present. Any other category is ranked by patients (ties by name, then key); with
 * CATEGORY_TOP_COUNT items or more, the first CATEGORY_TOP_COUNT − 1 keep their names and the
 * rest are folded into その他, so the legend shows at most CATEGORY_TOP_COUNT entries, as
 * `categoryLegendLabels` labels them. Two items of one name (two institutions) carry their code.
 */
export function rankCategories(
  tallies: readonly CategoryTally[],
  category: MapCategoryValue,
): RankedCategories {
  const sameName = new Map<string, number>();
  for (const t of tallies) sameName.set(t.name, (sameName.get(t.name) ?? 0) + 1);
  const items = tallies.map((t) => ({
    ...t,
    name: sameName.get(t.name)! > 1 ? medicalInstitutionFilterItem(t.name, t.key).text : t.name,
  }));
  items.sort(
    category === AGE
      ? (a, b) => (a.order ?? 0) - (b.order ?? 0)
      : (a, b) => b.patients - a.patients || byText(a.name, b.name) || byText(a.key, b.key),
  );
  const folds = category !== AGE && items.length >= CATEGORY_TOP_COUNT;
  const named = folds ? items.slice(0, CATEGORY_TOP_COUNT - 1) : items;
  const categories = named.map((item) => ({ name: item.name, count: item.patients }));
  const categoryOf = new Map(named.map((item, i) => [item.key, i]));
  if (folds) {
    const rest = items.slice(CATEGORY_TOP_COUNT - 1);
    categories.push({
      name: OTHER_CATEGORY_LABEL,
      count: rest.reduce((sum, item) => sum + item.patients, 0),
    });
    for (const item of rest) categoryOf.set(item.key, categories.length - 1);
  }
  return { categories, categoryOf };
}
