import { Component, type ErrorInfo, type ReactNode } from 'react';
import { Button } from '../ui/Button';

interface Props {
  /** The page's path: going to another page clears the error. */
  resetKey: string;
  children: ReactNode;
}

/**
 * What a shopper sees when a page cannot be shown at all, instead of a blank window: mostly a page's
 * code that did not download (the connection dropped, or a new release replaced the file an open tab
 * asked for), which React.lazy never asks for again, so the way out is to load the page afresh. The
 * header and footer stay, so the rest of the shop is still a click away. Kept to plain markup and what the
 * entry already holds: it must show when nothing else can be downloaded.
 */
export class PageErrorBoundary extends Component<Props, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error('A page failed to render', error, info.componentStack);
  }

  override componentDidUpdate(prev: Props) {
    if (this.state.failed && prev.resetKey !== this.props.resetKey) this.setState({ failed: false });
  }

  override render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div role="alert" data-testid="page-error" className="mx-auto max-w-xl px-4 py-16 text-center">
        <h1 className="text-xl font-semibold text-slate-900">This page could not be loaded</h1>
        <p className="mt-2 text-sm text-slate-700">Please check your connection, then load the page again.</p>
        <Button className="mt-5" onClick={() => window.location.reload()}>
          Reload the page
        </Button>
      </div>
    );
  }
}
