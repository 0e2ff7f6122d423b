import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { entryAfterPaintTag } from './entry-after-paint';

const tag = entryAfterPaintTag('/assets/index-A1.js', ['/assets/Page-B2.js']);
const SCRIPT = /<script [^>]*>([\s\S]*)<\/script>/.exec(tag)![1];
const attribute = (name: string) => new RegExp(`${name}="([^"]*)"`).exec(tag)?.[1] ?? null;

/** Runs the loader in a fake document; returns what it added to the head and the hooks to drive it. */
function load(readyState: 'loading' | 'interactive') {
  const added: Record<string, unknown>[] = [];
  const listeners: Record<string, () => void> = {};
  const frames: (() => void)[] = [];
  const timers: (() => void)[] = [];
  runInNewContext(SCRIPT, {
    document: {
      readyState,
      currentScript: { getAttribute: attribute },
      head: { appendChild: (n: Record<string, unknown>) => added.push(n) },
      createElement: (tagName: string) => ({ tagName }),
      addEventListener: (type: string, fn: () => void) => (listeners[type] = fn),
    },
    requestAnimationFrame: (fn: () => void) => frames.push(fn),
    setTimeout: (fn: () => void) => timers.push(fn),
  });
  const paint = () => {
    frames.splice(0).forEach((f) => f());
    timers.splice(0).forEach((t) => t());
  };
  return { added, listeners, paint };
}

describe('the after-paint loader of server-rendered pages', () => {
  it('adds the entry and the page chunks once the parsed page has been painted', () => {
    const { added, paint } = load('interactive');
    expect(added).toEqual([]);
    paint();
    expect(added).toEqual([
      { tagName: 'script', type: 'module', src: '/assets/index-A1.js' },
      { tagName: 'link', rel: 'modulepreload', href: '/assets/Page-B2.js' },
    ]);
  });

  it('waits for the document to be parsed: an entry run earlier would not find the server state after the root', () => {
    const { added, listeners, paint } = load('loading');
    paint();
    expect(added).toEqual([]);
    listeners.DOMContentLoaded();
    expect(added).toEqual([]);
    paint();
    expect(added.map((n) => n.tagName)).toEqual(['script', 'link']);
  });
});
