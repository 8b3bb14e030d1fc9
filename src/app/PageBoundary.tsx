import { Component, Suspense, type ReactNode } from 'react';
import { useLocation } from 'wouter';
import { PageLoadError, PageLoading, PageRenderError } from '../ui/components/PageStatus';

/**
 * A page's code that could not be fetched (offline, or a new deployment renamed its chunks), as
 * Chromium, Firefox and Safari word a failed dynamic import and Vite its failed stylesheet preload.
 * Anything else thrown while drawing a page is a fault of the page, not of the connection.
 */
export function isLoadFailure(error: unknown): boolean {
  const message = error instanceof Error ? error.message : String(error);
  return /dynamically imported module|Importing a module script failed|Unable to preload CSS|ChunkLoadError|Loading chunk/i.test(message);
}

type Props = { resetKey: string; children: ReactNode };
type State = { failure: null | 'load' | 'render' };

class PageErrorBoundary extends Component<Props, State> {
  override state: State = { failure: null };
  static getDerivedStateFromError(error: unknown): State {
    return { failure: isLoadFailure(error) ? 'load' : 'render' };
  }
  override componentDidUpdate(previous: Props) {
    // Another page: its own chance to draw (the menu stays usable after a page failed).
    if (this.state.failure && previous.resetKey !== this.props.resetKey) this.setState({ failure: null });
  }
  override render() {
    // A reload fetches the current deployment's chunk names, or draws the page afresh.
    const reload = () => window.location.reload();
    if (this.state.failure === 'load') return <PageLoadError onRetry={reload} />;
    if (this.state.failure === 'render') return <PageRenderError onReload={reload} />;
    return this.props.children;
  }
}

/** Lazy pages: a spinner while their code loads; a retry screen if it cannot be fetched, an honest one if it fails to draw. */
export function PageBoundary({ children }: { children: ReactNode }) {
  const [location] = useLocation();
  return (
    <PageErrorBoundary resetKey={location}>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </PageErrorBoundary>
  );
}
