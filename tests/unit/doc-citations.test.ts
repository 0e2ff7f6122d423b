import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

// A newcomer who clones the repository must be able to open every document the code cites: the
// specification and the architecture live in docs/ (decision 0175). This walks the source, tests,
// scripts, README and docs for cited `*.md` files and `docs/...` paths and names each one that is
// not a file or folder of the repository. Plain file reads: no database, well under a second.

const repoRoot = join(dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Where citations are looked for; generated, installed and scratch folders are left out. */
const scannedDirs = ['src', 'server', 'shared', 'tests', 'scripts', 'prisma', 'docs', 'deploy', 'public', '.ci'];
const skippedDirs = new Set(['node_modules', 'dist', '.git', 'test-results', 'playwright-report', 'coverage', 'data']);
const scannedExtensions = /\.(ts|tsx|js|mjs|cjs|md|sql|prisma|ya?ml|toml|html|css|sh)$/;

/**
 * Applied migrations are checksummed by the runner (server/db/migrate.ts) and must never change,
 * so their comments keep the names the documents had outside the repository; those names, and only
 * there and in the record of the move, are read through this map.
 */
const formerNames: Record<string, string> = {
  'design.md': 'docs/architecture.md',
  'storefront.md': 'docs/spec/storefront.md',
  'back-office.md': 'docs/spec/back-office.md',
};
/** Files scripts write (scripts/lighthouse.ts: `summary.md` under the git-ignored .lighthouse/), named, not cited. */
const written = new Set(['summary.md']);

const keepsFormerNames = (file: string) =>
  /^prisma\/migrations\/[^/]+\/migration\.sql$/.test(file) || /^docs\/decisions\/0175-[^/]+\.md$/.test(file);

function filesUnder(root: string, dir: string, out: string[] = []): string[] {
  const full = join(root, dir);
  if (!existsSync(full)) return out;
  for (const entry of readdirSync(full, { withFileTypes: true })) {
    const path = dir ? `${dir}/${entry.name}` : entry.name;
    if (entry.isDirectory()) {
      if (!skippedDirs.has(entry.name)) filesUnder(root, path, out);
    } else if (scannedExtensions.test(entry.name)) {
      out.push(path);
    }
  }
  return out;
}

/** Repository-relative paths of the files whose citations are checked. */
function scannedFiles(root: string): string[] {
  const top = readdirSync(root, { withFileTypes: true })
    .filter((e) => e.isFile() && scannedExtensions.test(e.name) && e.name !== 'package-lock.json')
    .map((e) => e.name);
  return [...top, ...scannedDirs.flatMap((d) => filesUnder(root, d))];
}

// A cited document: a path of name characters ending in .md (a markdown link, a backticked path,
// "docs/spec/storefront.md section 5"), or any path under docs/. A match may not start in the middle
// of a longer path or URL (`/api/docs` is a route, not the folder).
const mdCitation = /(?<![\w./@-])((?:\.\.?\/)*(?:[\w@-][\w.@-]*\/)*[\w][\w.-]*\.md)(?![\w])/g;
const docsPath = /(?<![\w./@-])(docs\/[\w./-]*[\w/])/g;
const url = /\b[a-z][a-z+.-]*:\/\/[^\s)'"`<>]+/gi;

interface Citation {
  file: string;
  line: number;
  cited: string;
}

/** A file or folder, or a record cited by its number alone (`docs/decisions/0148`). */
function exists(path: string): boolean {
  if (existsSync(path)) return true;
  const dir = dirname(path);
  const name = path.slice(dir.length + 1);
  return /^\d{4}$/.test(name) && existsSync(dir) && readdirSync(dir).some((f) => f.startsWith(`${name}-`));
}

/** Every citation in the given files that names neither a file nor a folder of the repository. */
function unresolvedCitations(root: string, files = scannedFiles(root)): Citation[] {
  const missing: Citation[] = [];
  for (const file of files) {
    const lines = readFileSync(join(root, file), 'utf8').split('\n');
    lines.forEach((text, i) => {
      const plain = text.replace(url, ' ');
      const cited = new Set([...plain.matchAll(mdCitation), ...plain.matchAll(docsPath)].map((m) => m[1]!));
      for (const c of cited) {
        if (written.has(c)) continue;
        const target = keepsFormerNames(file) && formerNames[c] ? formerNames[c] : c;
        // Relative to the citing file (markdown links) or to the repository root (comments).
        const candidates = [join(root, dirname(file), target), join(root, target)];
        const inside = candidates.filter((p) => !relative(root, p).startsWith(`..${sep}`) && relative(root, p) !== '..');
        if (!inside.some((p) => exists(p))) missing.push({ file, line: i + 1, cited: c });
      }
    });
  }
  return missing;
}

describe('documents the repository cites', () => {
  it('are all in the repository', () => {
    // This file's own examples below cite made-up documents on purpose.
    const self = relative(repoRoot, fileURLToPath(import.meta.url)).split(sep).join('/');
    const files = scannedFiles(repoRoot).filter((f) => f !== self);
    const missing = unresolvedCitations(repoRoot, files).map((m) => `${m.file}:${m.line} cites ${m.cited}`);
    expect(missing).toEqual([]);
  });

  it('finds the specification, the architecture and the records among the scanned files', () => {
    const files = scannedFiles(repoRoot);
    expect(files).toEqual(
      expect.arrayContaining(['README.md', 'docs/architecture.md', 'docs/spec/storefront.md', 'docs/spec/back-office.md', 'tests/unit/doc-citations.test.ts']),
    );
    expect(files.some((f) => f.startsWith('server/') && f.endsWith('.ts'))).toBe(true);
    expect(files.some((f) => f.startsWith('node_modules/'))).toBe(false);
  });

  it('names a citation of a document that is not in the repository, and accepts one that is', () => {
    const root = mkdtempSync(join(tmpdir(), 'doc-citations-'));
    try {
      mkdirSync(join(root, 'docs', 'spec'), { recursive: true });
      mkdirSync(join(root, 'server'), { recursive: true });
      writeFileSync(join(root, 'docs/spec/storefront.md'), '# Storefront\n');
      writeFileSync(join(root, 'docs/spec/0001-a-record.md'), '# 1. A record\n');
      writeFileSync(join(root, 'README.md'), 'See [the spec](docs/spec/storefront.md#5-validation-rules).\n');
      writeFileSync(
        join(root, 'server', 'cart.ts'),
        [
          '// Quantity 0 removes the line (docs/spec/storefront.md section 4).',
          '// Total = subtotal + shipping (storefront.md section 9).',
          '// See docs/architecture.md §8; the reference page is at https://shop.example/api/docs/index.md.',
          '// The record docs/spec/0001 and the folder docs/spec/ are there; docs/spec/0002 is not.',
        ].join('\n'),
      );
      expect(unresolvedCitations(root)).toEqual([
        { file: 'server/cart.ts', line: 2, cited: 'storefront.md' },
        { file: 'server/cart.ts', line: 3, cited: 'docs/architecture.md' },
        { file: 'server/cart.ts', line: 4, cited: 'docs/spec/0002' },
      ]);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
