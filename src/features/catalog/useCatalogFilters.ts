import { useCallback, useMemo } from 'react';
import { useSearchParams } from '../../lib/router';
import { parseFilterParams, toSearchParams, type FilterState } from '../../../shared/domain/catalog-filter';

/**
 * The listing's filter state lives in the URL (docs/spec/storefront.md section 2): reading parses the query,
 * writing pushes a history entry, so back/forward and shared links restore the same view.
 */
export function useCatalogFilters() {
  const [params, setParams] = useSearchParams();
  const key = params.toString();
  const state = useMemo(() => parseFilterParams(new URLSearchParams(key)), [key]);
  const setState = useCallback(
    (next: FilterState, opts: { replace?: boolean } = {}) => {
      const qs = toSearchParams(next).toString();
      if (qs !== key) setParams(new URLSearchParams(qs), { replace: opts.replace });
    },
    [key, setParams],
  );
  return [state, setState] as const;
}
