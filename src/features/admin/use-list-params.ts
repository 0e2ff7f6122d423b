import { useSearchParams } from '../../lib/router';

/**
 * A back-office list's filters kept in the address (so a list can be bookmarked and Back works): the
 * params, and a setter that changes one and starts again at the first page unless it is the page.
 * It starts from the address as it is now, not as this render saw it: a debounced search may settle
 * just after a filter changed, and must not undo it.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const setParam = (key: string, value: string) => {
    const next = new URLSearchParams(window.location.search);
    if (value) next.set(key, value);
    else next.delete(key);
    if (key !== 'page') next.delete('page');
    setParams(next, { replace: true });
  };
  return [params, setParam] as const;
}
