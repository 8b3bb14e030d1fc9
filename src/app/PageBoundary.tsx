import { Component, Suspense, type ReactNode } from 'react';
import { PageLoadError, PageLoading } from '../ui/components/PageStatus';

type State = { failed: boolean };

/** Lazy pages: a spinner while their code loads, a retry screen if it cannot be fetched. */
class LoadErrorBoundary extends Component<{ children: ReactNode }, State> {
  override state: State = { failed: false };
  static getDerivedStateFromError(): State {
    return { failed: true };
  }
  override render() {
    // A reload fetches the current deployment's chunk names.
    if (this.state.failed) return <PageLoadError onRetry={() => window.location.reload()} />;
    return this.props.children;
  }
}

export function PageBoundary({ children }: { children: ReactNode }) {
  return (
    <LoadErrorBoundary>
      <Suspense fallback={<PageLoading />}>{children}</Suspense>
    </LoadErrorBoundary>
  );
}
