import madge from 'madge';
import { beforeAll, describe, expect, it } from 'vitest';

// The import graph of server/ and shared/ (docs/decisions/0176-commit-signal-and-atomic-writes.md,
// docs/decisions/0186-areas-not-audiences.md). Type-only imports count too: a module that needs
// another's types cannot be read, tested or moved without it. madge's types: madge.d.ts beside this file.

let graph: Record<string, string[]>;
beforeAll(async () => {
  const result = await madge(['server', 'shared'], { fileExtensions: ['ts', 'tsx'], tsConfig: 'tsconfig.json', excludeRegExp: [/\.test\.ts$/] });
  graph = result.obj();
  // A graph that missed the files would pass every check below.
  expect(Object.keys(graph).length).toBeGreaterThan(300);
}, 60_000);

/** Elementary circles, found by a depth-first walk (each reported once, from its first file). */
function circles(edges: Map<string, Set<string>>): string[][] {
  const found: string[][] = [];
  const state = new Map<string, 'open' | 'done'>();
  const path: string[] = [];
  const walk = (node: string) => {
    state.set(node, 'open');
    path.push(node);
    for (const next of edges.get(node) ?? []) {
      if (state.get(next) === 'open') found.push([...path.slice(path.indexOf(next)), next]);
      else if (!state.has(next)) walk(next);
    }
    path.pop();
    state.set(node, 'done');
  };
  for (const node of [...edges.keys()].sort()) if (!state.has(node)) walk(node);
  return found;
}

function edgesBetween(groupOf: (file: string) => string | null): Map<string, Set<string>> {
  const edges = new Map<string, Set<string>>();
  for (const [file, deps] of Object.entries(graph)) {
    const from = groupOf(file);
    if (!from) continue;
    for (const dep of deps) {
      const to = groupOf(dep);
      if (!to || to === from) continue;
      if (!edges.has(from)) edges.set(from, new Set());
      edges.get(from)!.add(to);
    }
  }
  return edges;
}

/** The business area of a service (server/services/<area>/...) or of a router (server/routers/<area>/...). */
const areaIn = (folder: 'services' | 'routers') => (file: string) => new RegExp(`^server/${folder}/([^/]+)/`).exec(file)?.[1] ?? null;

/**
 * The floors, lowest first: a file may import its own floor and the ones below, never one above.
 * shared/ is used by both sides; the database and plain helpers; the machinery the business uses
 * (sessions, mail, the outbox, webhooks, storage, PDFs, backups); the business areas; the doors
 * (tRPC, REST, pages, HTTP); and what puts the shop together and starts it.
 */
const FLOORS: [floor: number, match: RegExp][] = [
  [0, /^shared\//],
  [1, /^server\/(db|lib)\/|^server\/env\.ts$/],
  [2, /^server\/(auth|mail|outbox|webhooks|storage|documents|backups)\//],
  [3, /^server\/services\//],
  [4, /^server\/(routers|trpc|rest|pages|http)\//],
];
const floorOf = (file: string) => FLOORS.find(([, match]) => match.test(file))?.[0] ?? 5;
/**
 * server/deps.ts is the one exception: it is the type of what the shop is put together from
 * (AppDeps), handed down as a parameter, so every floor may name it; it imports what it lists.
 */
const mayImport = (file: string, dep: string) => dep === 'server/deps.ts' || floorOf(dep) <= floorOf(file);

/**
 * Imports that still point up, each with the reason it is left (decision 0186). The list may only
 * shrink: a new upward import fails the test, and so does an entry here that is no longer needed.
 */
const KNOWN_UPWARD: Record<string, string> = {
  // Webhook payloads are the API's own DTOs, so the events name the mappers of the areas they report on.
  'server/webhooks/events.ts -> server/services/catalogue/product.mapper.ts': 'payload is the product DTO',
  'server/webhooks/events.ts -> server/services/orders/order.mapper.ts': 'payload is the order DTO',
  'server/webhooks/events.ts -> server/services/quotes/quote.mapper.ts': 'payload is the quote DTO',
  // Every e-mail's footer carries the shop's name and address.
  'server/mail/mail.service.ts -> server/services/settings/shop-profile.service.ts': 'e-mail footer',
};

describe('the import graph of server/ and shared/', () => {
  it('has no circle', async () => {
    const result = await madge(['server', 'shared'], { fileExtensions: ['ts', 'tsx'], tsConfig: 'tsconfig.json', excludeRegExp: [/\.test\.ts$/] });
    expect(result.circular().map((c) => c.join(' > '))).toEqual([]);
  }, 60_000);

  // A router may call the services of any area (the products router serves the integrators' feed);
  // among services, and among routers, an area's imports go one way.
  it.each(['services', 'routers'] as const)('has areas of %s that import one another one way only', (folder) => {
    const edges = edgesBetween(areaIn(folder));
    // Areas the README lists; a folder missing from the graph would hide its imports.
    for (const area of ['catalogue', 'inventory', 'cart', 'orders', 'payments', 'promotions', 'accounts', 'quotes', 'settings', 'search', 'support']) {
      expect(Object.keys(graph).some((file) => areaIn(folder)(file) === area), area).toBe(true);
    }
    expect(circles(edges).map((c) => c.join(' > '))).toEqual([]);
  });

  it('has no folder named after who calls it', () => {
    expect(Object.keys(graph).filter((file) => /^(server\/(services|routers)|shared\/schemas)\/(admin|back-office|storefront|staff)\//.test(file))).toEqual([]);
  });

  it('has no import pointing up the floors but the known ones', () => {
    const upward: string[] = [];
    for (const [file, deps] of Object.entries(graph)) {
      for (const dep of deps) if (!mayImport(file, dep)) upward.push(`${file} -> ${dep}`);
    }
    expect(upward.sort()).toEqual(Object.keys(KNOWN_UPWARD).sort());
  });
});
