import { FORM_MESSAGES, VIEWABLE_STORES_TEXT, viewableStoresText } from '@pharmalytics/domain';
import type { Store } from '../../api/index.ts';
// The area > prefecture > store tree and its checkbox rules are shared with the viewable
// stores dialog of the account screens.
import { allStoresOf, buildStoreTree, selectedCodes } from '../stores/index.ts';
import type { SearchCondition } from './condition.ts';

/** Only stores under contract are offered (spec 02 §3). */
export function activeStores(stores: readonly Store[]): Store[] {
  return stores.filter((s) => s.contractStatus === 'active');
}

export function activeStoreTree(stores: readonly Store[]) {
  return buildStoreTree(activeStores(stores));
}

/** The dialog opens with the applied stores ticked (every store when isAll). */
export function initialSelection(
  pharmacy: SearchCondition['pharmacy'],
  activeStoreCodes: readonly string[],
): Set<string> {
  return new Set(pharmacy.isAll ? activeStoreCodes : pharmacy.storeCodes);
}

export type SelectionResult =
  { ok: true; pharmacy: SearchCondition['pharmacy'] } | { ok: false; message: string };

/** Every store ticked is saved as isAll; none ticked cannot be applied. */
export function selectionResult(
  tree: Parameters<typeof selectedCodes>[0],
  selected: ReadonlySet<string>,
): SelectionResult {
  const codes = selectedCodes(tree, selected);
  if (codes.length === 0) return { ok: false, message: FORM_MESSAGES.storeRequired };
  if (codes.length === allStoresOf(tree).length) {
    return { ok: true, pharmacy: { isAll: true, storeCodes: [] } };
  }
  return { ok: true, pharmacy: { isAll: false, storeCodes: codes } };
}

/** The store button's text: 全ての店舗, one name, or the first name and 他N店. */
export function storesText(
  pharmacy: SearchCondition['pharmacy'],
  stores: readonly Pick<Store, 'storeCode' | 'name'>[],
): string {
  if (pharmacy.isAll) return VIEWABLE_STORES_TEXT.all;
  const names = new Map(stores.map((s) => [s.storeCode, s.name]));
  const chosen = pharmacy.storeCodes.map((code) => names.get(code) ?? code);
  return viewableStoresText(chosen, stores.length, 'list');
}
