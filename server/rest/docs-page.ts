import { openApiDocument } from './openapi';

const escape = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

let cached: string | undefined;

/** A readable API reference for integrators, rendered from the OpenAPI document (no CDN needed). */
export function apiDocsHtml(): string {
  if (cached) return cached;
  const doc = openApiDocument();
  const sections: string[] = [];
  for (const [path, item] of Object.entries(doc.paths ?? {})) {
    for (const [method, op] of Object.entries(item as Record<string, any>)) {
      if (!op || typeof op !== 'object' || !('responses' in op)) continue;
      const body = op.requestBody?.content?.['application/json']?.schema;
      const params = (op.parameters ?? []) as Array<{ name: string; in: string; required?: boolean }>;
      const ok = op.responses?.['200']?.content?.['application/json']?.schema;
      sections.push(`<section class="op">
  <h3><span class="m ${method}">${method.toUpperCase()}</span> <code>/api${escape(path)}</code>${op.security?.length ? ' <span class="lock">bearer</span>' : ''}</h3>
  <p>${escape(op.summary ?? '')}</p>
  ${params.length ? `<p><b>Parameters:</b> ${params.map((p) => `<code>${escape(p.name)}</code> (${p.in}${p.required ? ', required' : ''})`).join(', ')}</p>` : ''}
  ${body ? `<details><summary>Request body</summary><pre>${escape(JSON.stringify(body, null, 2))}</pre></details>` : ''}
  ${ok ? `<details><summary>Response 200</summary><pre>${escape(JSON.stringify(ok, null, 2))}</pre></details>` : ''}
</section>`);
    }
  }
  cached = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(doc.info.title)} reference</title>
<style>body{font:15px/1.5 system-ui,sans-serif;max-width:960px;margin:2rem auto;padding:0 1rem;color:#1f2937}
h1{margin-bottom:.25rem}.op{border:1px solid #e5e7eb;border-radius:8px;padding:.75rem 1rem;margin:.75rem 0}
.op h3{margin:.2rem 0;font-size:1rem}.m{display:inline-block;min-width:4.2rem;text-align:center;border-radius:4px;color:#fff;font-size:.8rem;padding:.1rem .4rem}
.get{background:#2563eb}.post{background:#16a34a}.put{background:#d97706}.delete{background:#dc2626}.patch{background:#7c3aed}
.lock{font-size:.75rem;background:#f3f4f6;border-radius:4px;padding:.1rem .4rem}pre{background:#f9fafb;padding:.5rem;overflow:auto;font-size:.8rem}</style></head>
<body><h1>${escape(doc.info.title)}</h1><p>${escape(doc.info.description ?? '')}</p>
<p>Machine-readable: <a href="/api/openapi.json">/api/openapi.json</a></p>${sections.join('\n')}</body></html>`;
  return cached;
}
