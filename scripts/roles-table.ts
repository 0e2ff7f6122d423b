import { readFileSync, writeFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import { BACK_OFFICE_OPERATIONS } from '../shared/domain/permissions';

// Writes the role × operation table of shared/domain/permissions.ts into docs/security.md, between
// the two markers; tests/api/accounts/authz.test.ts fails while the two differ.
//   npx tsx scripts/roles-table.ts

export const SECURITY_DOC = new URL('../docs/security.md', import.meta.url);
const START = '<!-- roles-table:start -->';
const END = '<!-- roles-table:end -->';

const cell = (s: string) => s.replace(/\|/g, '\\|');

/** The table as Markdown, one row per operation in the order of the code. */
export function rolesTable(): string {
  const rows = BACK_OFFICE_OPERATIONS.map((op) => {
    const [method, path] = op.rest.split(' ');
    const operation = op.procedure ? `\`${op.procedure}\`` : op.operation;
    const staff = op.role === 'staff' ? 'yes' : 'no';
    return `| ${op.area} | ${operation} | \`${method} ${path}\` | no | ${staff} | yes | ${cell(op.reason ?? '')} |`;
  });
  return ['| Area | Operation | REST (under /api) | Customer | Staff | Admin | Why |', '|---|---|---|---|---|---|---|', ...rows].join('\n');
}

/** The table as it stands in docs/security.md, between the markers. */
export function documentedRolesTable(doc = readFileSync(SECURITY_DOC, 'utf8')): string {
  const start = doc.indexOf(START);
  const end = doc.indexOf(END);
  if (start < 0 || end < start) throw new Error(`docs/security.md has lost its ${START} ... ${END} markers`);
  return doc.slice(start + START.length, end).trim();
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const doc = readFileSync(SECURITY_DOC, 'utf8');
  documentedRolesTable(doc);
  const next = doc.replace(new RegExp(`${START}[\\s\\S]*${END}`), () => `${START}\n${rolesTable()}\n${END}`);
  writeFileSync(SECURITY_DOC, next);
  console.log(`docs/security.md: ${BACK_OFFICE_OPERATIONS.length} operations`);
}
