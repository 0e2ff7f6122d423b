import SwaggerParser from '@apidevtools/swagger-parser';
import { describe, expect, it } from 'vitest';
import { openApiDocument } from '../../../server/rest/openapi';

// Issue 24: the document failed strict validation (path parameters without required: true) and the
// hand-written operations had no operationId, so generated clients named them badly. The kept
// validator holds both in CI.

const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

function operations() {
  return Object.entries(openApiDocument().paths ?? {}).flatMap(([path, item]) =>
    METHODS.flatMap((method) => {
      const op = (item as Record<string, { operationId?: string } | undefined>)[method];
      return op ? [{ where: `${method.toUpperCase()} ${path}`, operationId: op.operationId }] : [];
    }),
  );
}

describe('the OpenAPI document of the REST door', () => {
  it('passes strict validation by @apidevtools/swagger-parser', async () => {
    // The parser dereferences what it is given, so it gets a copy of the cached document.
    await expect(SwaggerParser.validate(structuredClone(openApiDocument()) as never)).resolves.toBeTruthy();
  });

  it('names every operation with its own operationId', () => {
    const ops = operations();
    expect(ops.length).toBeGreaterThan(100);
    expect(ops.filter((op) => !op.operationId).map((op) => op.where)).toEqual([]);
    const seen = new Map<string, string[]>();
    for (const op of ops) seen.set(op.operationId!, [...(seen.get(op.operationId!) ?? []), op.where]);
    expect([...seen].filter(([, where]) => where.length > 1)).toEqual([]);
  });

  it('describes every error as the door answers it: detail and request_id', () => {
    const schemas = openApiDocument().components?.schemas ?? {};
    const errors = Object.entries(schemas).filter(([name]) => name.startsWith('error.'));
    expect(errors.length).toBeGreaterThan(0);
    for (const [name, schema] of errors) {
      const s = schema as { properties?: object; required?: string[] };
      expect(Object.keys(s.properties ?? {}).sort(), name).toEqual(['detail', 'request_id']);
      expect(s.required, name).toEqual(['detail', 'request_id']);
    }
  });
});
