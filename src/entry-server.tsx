import type { DehydratedState } from '@tanstack/react-query';
import { StrictMode, type ReactNode } from 'react';
import { renderToPipeableStream } from 'react-dom/server';
import { Writable } from 'node:stream';
import { AppShell, queryClientWith } from './App';
import { StaticRouter } from './lib/router';
import { preloadRoute } from './routes';

// The server's entry (Vite's SSR build, dist/ssr/entry-server.js; server/pages/ssr.ts loads it):
// the same App the browser hydrates, under a StaticRouter, with the queries the server already ran.

export interface RenderedPage {
  html: string;
}

/**
 * The body of one page. React's streaming renderer is used to the end (onAllReady) rather than
 * from its first shell: the page is cached whole (server/pages/page-cache.ts), its data was loaded
 * before rendering, so there is nothing later to stream, and crawlers get the complete page.
 */
export async function render(url: string, state: DehydratedState): Promise<RenderedPage> {
  const { pathname } = new URL(url, 'http://localhost');
  await preloadRoute(pathname);
  const queryClient = queryClientWith(state);
  const Router = ({ children }: { children: ReactNode }) => <StaticRouter url={url}>{children}</StaticRouter>;
  try {
    const html = await new Promise<string>((resolve, reject) => {
      const chunks: Buffer[] = [];
      const sink = new Writable({
        write(chunk: Buffer, _encoding, done) {
          chunks.push(Buffer.from(chunk));
          done();
        },
        final(done) {
          resolve(Buffer.concat(chunks).toString('utf8'));
          done();
        },
      });
      const stream = renderToPipeableStream(
        <StrictMode>
          <AppShell queryClient={queryClient} router={Router} />
        </StrictMode>,
        {
          // No part of the page is sent apart from it: React moves a finished Suspense boundary of
          // more than 500 bytes (the header search, a lazy chunk) out of the HTML once 12.8 KB have
          // gone, to be put in place by an inline script, which the CSP blocks and a browser without
          // JavaScript never runs. The page is sent whole anyway (onAllReady).
          progressiveChunkSize: Number.POSITIVE_INFINITY,
          onAllReady: () => stream.pipe(sink),
          onShellError: reject,
          onError: (err) => reject(err instanceof Error ? err : new Error(String(err))),
        },
      );
    });
    return { html };
  } finally {
    queryClient.clear();
  }
}
