import { createHash } from 'node:crypto';
import { PACKING_MAX_TILES, STORAGE_KEYS } from '../../shared/constants';
import { DEFAULT_TIME_ZONE, dayIn, defaultInterval, presetRange } from '../../shared/domain/report-range';
import { EARLY_CALLS_ID, type EarlyCall } from '../../shared/early-calls';
import { backOfficePath, stateScript } from './ssr';

// A back-office page is rendered in the browser: its calls used to go out only once its code had
// arrived, run and rendered (~0.6 s in on the 2-core machine). This script in the page's head asks
// for them at once, in one batch as tRPC's client would, with the session the tab has stored; the
// page takes the answers when it first renders (src/lib/early-calls.ts, decision 0208). Nothing is
// asked for without a stored staff session: a shopper or a new tab asks for nothing. The list of
// calls is JSON in a tag before it (shared/early-calls.ts), so the script's text, and the hash in
// the CSP that allows it, stay the same for every page.
const SCRIPT =
  `try{var l=document.getElementById(${JSON.stringify(EARLY_CALLS_ID)}),t=localStorage.getItem(${JSON.stringify(STORAGE_KEYS.accessToken)}),` +
  `u=JSON.parse(localStorage.getItem(${JSON.stringify(STORAGE_KEYS.user)})||"null");` +
  'if(l&&t&&u&&u.role!=="customer"){var c=JSON.parse(l.textContent),q={},p=[];' +
  'for(var i=0;i<c.length;i++){p.push(c[i].path);if(c[i].input!==undefined)q[i]=c[i].input}' +
  'window.__earlyCalls={calls:c,token:t,answers:fetch("/trpc/"+p.join(",")+"?batch=1&input="+encodeURIComponent(JSON.stringify(q)),{headers:{authorization:"Bearer "+t}})' +
  '.then(function(r){return r.json()}).catch(function(){return[]})}}}catch(e){}';

/** The reports' own parameters: with any of them the first report asks for a range of its own. */
const REPORT_PARAMS = ['range', 'from', 'to', 'interval'];

/**
 * The early calls of the back-office page at `address` with this query string. Only calls whose input the address alone decides are listed; a call the page makes with
 * another input is made as usual, so a page whose first calls change is slower until this list
 * follows, never wrong (a journey checks the three listed pages take their answers).
 */
export function earlyCallsFor(address: string, search: URLSearchParams, now: Date): EarlyCall[] {
  const path = backOfficePath(address);
  if (path === null) return [];
  // The session check every page makes (src/features/auth/AuthProvider.tsx).
  const calls: EarlyCall[] = [{ path: 'users.me' }];
  if (path === '/admin') calls.push({ path: 'admin.dashboard.stats' });
  // The packing screen's first tiles, nothing typed or chosen yet (src/routes/admin/PackingPage.tsx).
  if (path === '/admin/packing') calls.push({ path: 'admin.inventory.page', input: { limit: PACKING_MAX_TILES } }, { path: 'admin.inventory.facets' });
  // Sales, the first report, over its default range: the page counts it in the default time zone
  // until the report settings have answered (src/features/admin/reports/report-ui.tsx).
  if ((path === '/admin/reports' || path === '/admin/reports/sales') && !REPORT_PARAMS.some((p) => search.has(p))) {
    const range = presetRange('last_30_days', dayIn(DEFAULT_TIME_ZONE, now));
    calls.push({ path: 'admin.reports.settings' }, { path: 'admin.reports.sales', input: { ...range, interval: defaultInterval(range) } });
  }
  return calls;
}

/** The early calls of the page at `path` and the script that makes them, for its head; nothing for a page without any. */
export function earlyCallsTags(path: string, search: URLSearchParams, now = new Date()): string {
  const calls = earlyCallsFor(path, search, now);
  return calls.length === 0 ? '' : `    ${stateScript(EARLY_CALLS_ID, calls)}\n    <script>${SCRIPT}</script>\n`;
}

/** The CSP source that allows exactly this script. */
export const EARLY_CALLS_CSP = `'sha256-${createHash('sha256').update(SCRIPT).digest('base64')}'`;
