import {
  Component,
  type ErrorInfo,
  lazy,
  type ReactNode,
  Suspense,
  useEffect,
  useMemo,
  useState,
} from 'react';
import { Button, Loading, Notice, Page } from 'shared-ui';
import styled from 'styled-components';
import { PageReadyMark } from '../routing/page-ready-mark';
import { REMOTE_LABELS, type RemoteName } from '../routing/route-table';
import { recordRemoteError, recordView } from '../telemetry/release-events';
import { explainVersionSkew } from './remote-errors';
import { RemoteUnavailableError, remoteLoader } from './remote-loader';
import { isServer, RemoteRendersInBrowser, useServerRemote } from './server-remotes';

const Actions = styled.div`
  margin-top: 12px;
`;

/** How Retry loads the page afresh (replaced in tests: a test's window cannot reload). */
export const pageReload = { reload: () => window.location.reload() };

interface BoundaryProps {
  remote: RemoteName;
  onRetry: () => Promise<void> | void;
  children: ReactNode;
}

interface BoundaryState {
  error: Error | null;
  retrying: boolean;
}

/**
 * The error boundary around every remote: a remote that fails to load (down, 404, script error,
 * bad remotes.json entry) or throws while rendering shows an inline panel with Retry inside the
 * shell's layout; header, footer, auth and the other remotes keep working.
 */
export class RemoteErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { error: null, retrying: false };

  static getDerivedStateFromError(error: Error): Partial<BoundaryState> {
    return { error };
  }

  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.error(`[shell] the ${this.props.remote} remote failed`, error, info.componentStack);
    // A load failure was counted where it happened (remote-loader.ts); this one threw rendering.
    if (!(error instanceof RemoteUnavailableError)) {
      recordRemoteError(this.props.remote, 'render', error);
      // A page's code asked for a singleton its build does not accept: say which, as a load would.
      const skew = explainVersionSkew(this.props.remote, error);
      if (skew) this.setState({ error: skew });
    }
  }

  private retry = async () => {
    this.setState({ retrying: true });
    try {
      await this.props.onRetry();
    } finally {
      this.setState({ error: null, retrying: false });
    }
  };

  override render() {
    const { error, retrying } = this.state;
    if (!error) return this.props.children;
    const detail =
      error instanceof RemoteUnavailableError
        ? error.message
        : `The ${this.props.remote} remote stopped with an error.`;
    return (
      <Page>
        <Notice tone="danger" role="alert" title="This section is unavailable right now">
          <p>
            {REMOTE_LABELS[this.props.remote]} could not be shown. {detail}
          </p>
          <p>The rest of the site still works. Please try again in a moment.</p>
          <Actions>
            <Button onClick={this.retry} loading={retrying}>
              Retry
            </Button>
          </Actions>
        </Notice>
        <PageReadyMark />
      </Page>
    );
  }
}

/** Renders the routes of one remote, loading it at runtime on first use. */
export function RemoteOutlet({ remote }: { remote: RemoteName }) {
  // A new attempt number gives React.lazy a fresh component: lazy caches a rejected import forever,
  // so `attempt` is a dependency on purpose although the factory does not read it.
  const [attempt, setAttempt] = useState(0);
  const serverModule = useServerRemote(remote);
  const RemoteRoutes = useMemo(
    () =>
      // On the server: the remote's Node build, or this section is left to the browser.
      serverModule?.default ??
      // A preloaded (or earlier visited) remote renders at once: no lazy, so no Loading flash.
      remoteLoader.peek(remote)?.default ??
      (isServer
        ? function RendersInBrowser(): never {
            throw new RemoteRendersInBrowser(remote);
          }
        : lazy(() => remoteLoader.load(remote))),
    [remote, attempt, serverModule],
  );
  // A page view of this remote's release, once per visit of its pages (ADR 019).
  useEffect(() => recordView(remote), [remote]);
  const retry = async () => {
    // Another release for this visitor now (a canary rolled back): load the page afresh.
    if (await remoteLoader.reset(remote)) {
      pageReload.reload();
      return;
    }
    setAttempt((n) => n + 1);
  };
  return (
    <RemoteErrorBoundary remote={remote} onRetry={retry}>
      <Suspense fallback={<Loading />}>
        <RemoteRoutes />
        <PageReadyMark />
      </Suspense>
    </RemoteErrorBoundary>
  );
}
