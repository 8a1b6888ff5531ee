import { todayInJapan } from '@pharmalytics/domain';
import { useCallback, useMemo, useState } from 'react';
import type { Member, Store } from '../../api/index.ts';
import { visibleStores } from '../stores/index.ts';
import {
  loadCondition,
  saveCondition,
  storageKey,
  type ReadContext,
  type SearchCondition,
} from './condition.ts';
import { activeStores, activeStoreTree } from './storeSelection.ts';

/** The key of the member's saved condition; a page keyed by it starts again on a switch. */
export function conditionKey(member: Member): string {
  return storageKey(member.id, member.corporation.corporationCode);
}

/** The active stores the member may choose from, their codes and their area tree. */
export function useConditionStores(member: Member, stores: readonly Store[]) {
  const role = member.systemRole.name;
  const plan = member.corporation.plan.code;
  return useMemo(() => {
    const active = activeStores(visibleStores(stores, { role, plan }, member.browsableStores));
    return { active, activeCodes: active.map((s) => s.storeCode), tree: activeStoreTree(active) };
  }, [stores, role, plan, member.browsableStores]);
}

/** Changes the stored condition as a page opens (the view a link names), given what may be used. */
export type OpenCondition = (stored: SearchCondition, context: ReadContext) => SearchCondition;

/**
 * The member's search condition, read once from storage and saved on every change (spec 02 §4).
 * `today` is fixed for the visit, so presets keep their dates while the page is open. `open`
 * changes it once as the page opens; the result is saved.
 */
export function useSearchCondition(
  member: Member,
  activeCodes: readonly string[],
  open?: OpenCondition,
) {
  const key = conditionKey(member);
  const plan = member.corporation.plan.code;
  const [today] = useState(todayInJapan);
  const context: ReadContext = useMemo(
    () => ({ today, plan, activeStoreCodes: activeCodes }),
    [today, plan, activeCodes],
  );
  const [condition, setCondition] = useState<SearchCondition>(() => {
    const stored = loadCondition(key, context);
    if (!open) return stored;
    const opened = open(stored, context);
    if (opened !== stored) saveCondition(key, opened);
    return opened;
  });
  const update = useCallback(
    (change: (current: SearchCondition) => SearchCondition) =>
      setCondition((current) => {
        const next = change(current);
        saveCondition(key, next);
        return next;
      }),
    [key],
  );
  return { condition, update, today, plan, context };
}
