import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useAuth } from '../auth/AuthProvider';

/**
 * A server-rendered page carries the catalogue at list prices (pages and caches are anonymous,
 * decision 0193). When the signed-in person changes (or is a company member on a page the server
 * rendered), the catalogue's queries are fetched again with their token, so a member sees their
 * company's prices and someone signing out stops seeing them.
 */
export function ContractPricesRefresh() {
  const { user } = useAuth();
  const queryClient = useQueryClient();
  const key = user ? `${user.id}:${user.company_role ?? ''}` : '';
  const seen = useRef<string | null>(null);
  useEffect(() => {
    const before = seen.current;
    if (before === key) return;
    seen.current = key;
    // Only a member's prices differ from the page's: a visitor or a plain buyer coming or going needs nothing.
    const member = (k: string | null) => !!k && !k.endsWith(':');
    if (!member(before) && !member(key)) return;
    void queryClient.invalidateQueries({ predicate: (q) => Array.isArray(q.queryKey[0]) && q.queryKey[0][0] === 'catalog' });
  }, [key, queryClient]);
  return null;
}
