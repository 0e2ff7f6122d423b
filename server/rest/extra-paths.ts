import type { OpenAPIObject } from 'trpc-to-openapi';

type Paths = NonNullable<OpenAPIObject['paths']>;
const registered: Array<() => Paths> = [];

/**
 * Plain Express routes (multipart uploads, sitemap) are not procedures, so they describe
 * themselves here by hand for the OpenAPI document.
 */
export function documentRestPaths(paths: () => Paths) {
  registered.push(paths);
}

export function extraRestPaths(): Paths {
  return Object.assign({}, ...registered.map((p) => p()));
}
