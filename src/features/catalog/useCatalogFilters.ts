import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../lib/router';
import { parseFilterParams, toSearchParams, type FilterState } from '../../../shared/domain/catalog-filter';

type Next = FilterState | ((inAddressBar: FilterState) => FilterState);

/**
 * The listing's filter state lives in the URL (docs/spec/storefront.md section 2): reading parses the query,
 * writing pushes a history entry, so back/forward and shared links restore the same view.
 *
 * A change given as a function starts from the address bar, not from the rendered state: a
 * navigation pushes the URL at once but renders in a transition, which React holds back while a
 * lazy chunk of the next view loads. A debounced search settling meanwhile would otherwise start
 * from the state before that navigation and undo it (a box ticked before hydration, then lost).
 */
export function useCatalogFilters() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const state = useMemo(() => parseFilterParams(new URLSearchParams(key)), [key]);
  const setState = useCallback(
    (next: Next, opts: { replace?: boolean } = {}) => {
      const inAddressBar = new URLSearchParams(window.location.search).toString();
      const value = typeof next === 'function' ? next(parseFilterParams(new URLSearchParams(inAddressBar))) : next;
      const qs = toSearchParams(value).toString();
      if (qs !== inAddressBar) setParams(new URLSearchParams(qs), { replace: opts.replace });
    },
    [setParams],
  );
  return [state, setState] as const;
}
