import { MESSAGES } from '@pharmalytics/domain';
import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import type { Member } from '../../api/index.ts';
import { enqueueSnackbar } from '../../components/index.ts';
import {
  conditionFromParams,
  conditionToParams,
  DASHBOARD_URL_SCOPE,
  URL_PARAMS,
  type ConditionUrlScope,
} from './conditionUrl.ts';
import { useSearchCondition } from './useSearchCondition.ts';

const OWN_PARAMS = new Set<string>(Object.values(URL_PARAMS));

/** The page's address with the condition's part replaced and other parameters kept. */
function addressWith(current: URLSearchParams, own: URLSearchParams): string {
  const merged = new URLSearchParams(own);
  for (const [name, value] of current) if (!OWN_PARAMS.has(name)) merged.append(name, value);
  return merged.toString();
}

const sayStoresDropped = (dropped: boolean) => {
  if (dropped) enqueueSnackbar(MESSAGES.linkStoresDropped, 'warning');
};

/**
 * The member's search condition (as useSearchCondition), shown in the page's address so that a
 * view is a link: opening an address, or going back to one, shows its view within what the
 * member may see (stores beyond it are dropped, with a message; unreadable parts keep the
 * stored condition). Every change of the condition replaces the address.
 */
export function useConditionUrl(
  member: Member,
  activeCodes: readonly string[],
  scope: ConditionUrlScope = DASHBOARD_URL_SCOPE,
) {
  const [params, setParams] = useSearchParams();
  const droppedOnOpen = useRef(false);
  const search = useSearchCondition(member, activeCodes, (stored, context) => {
    const linked = conditionFromParams(params, stored, scope, context);
    droppedOnOpen.current = linked.droppedStores;
    return linked.condition;
  });
  const { condition, update, context } = search;

  useEffect(() => {
    sayStoresDropped(droppedOnOpen.current);
    droppedOnOpen.current = false;
  }, []);

  const address = params.toString();
  const wanted = addressWith(params, conditionToParams(condition, scope));
  /** The address last written or read, to tell a change made elsewhere (back, a link). */
  const known = useRef(address);

  useEffect(() => {
    if (address !== known.current && address !== wanted) {
      // The address changed on its own: show its view.
      known.current = address;
      const linked = conditionFromParams(new URLSearchParams(address), condition, scope, context);
      sayStoresDropped(linked.droppedStores);
      update(() => linked.condition);
      return;
    }
    if (address !== wanted) {
      known.current = wanted;
      setParams(new URLSearchParams(wanted), { replace: true });
    }
    // Runs on a change of either address; the rest are read as they are then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [address, wanted]);

  return search;
}
