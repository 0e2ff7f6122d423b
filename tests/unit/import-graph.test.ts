import madge from 'madge';
import { describe, expect, it } from 'vitest';

// No import circle anywhere in server/ and shared/ (docs/decisions/0176-commit-signal-and-atomic-writes.md):
// a module in a circle cannot be read, tested or moved without the others, and at run time the
// one loaded first sees the other half-initialised. Type-only imports count too (the record says
// why). madge's types: madge.d.ts beside this file.

describe('the import graph of server/ and shared/', () => {
  it('has no circle', async () => {
    const graph = await madge(['server', 'shared'], { fileExtensions: ['ts', 'tsx'], tsConfig: 'tsconfig.json', excludeRegExp: [/\.test\.ts$/] });
    // A graph that missed the files would have no circle either.
    expect(Object.keys(graph.obj()).length).toBeGreaterThan(300);
    expect(graph.circular().map((c) => c.join(' > '))).toEqual([]);
  }, 60_000);
});
