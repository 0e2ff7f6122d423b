/**
 * "The catalogue changed" signal: products, variants, prices or stock. Writers note the change on
 * their unit of work (server/db/unit-of-work.ts); once it has committed, the commit signal's
 * subscriber (server/after-commit.ts) calls catalogChanged(); caches subscribe with onCatalogChanged(). Cross-instance delivery
 * (PostgreSQL LISTEN/NOTIFY) is wired by the subscriber, so writers never need to know about it.
 */
type Listener = (reason: string) => void;
const listeners = new Set<Listener>();

export function onCatalogChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function catalogChanged(reason = 'catalog'): void {
  for (const l of listeners) l(reason);
}
