import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

import { LinkError } from '../api/errors.ts';
import { LinkProblem } from '../pages/LinkProblem.tsx';
import { RootError } from './RootError.tsx';

interface BoundaryProps {
  /** The location's key: a new location clears a caught error, as a data router's does. */
  locationKey: string;
  children: ReactNode;
}

interface BoundaryState {
  error: unknown;
  caught: boolean;
  locationKey: string;
  /** "Try again" has already rendered this location anew once. */
  retried: boolean;
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = {
      error: undefined,
      caught: false,
      locationKey: props.locationKey,
      retried: false,
    };
  }

  static getDerivedStateFromError(error: unknown): Partial<BoundaryState> {
    return { error, caught: true };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    // After RootError redirects (to /login) or the person navigates away, the new page renders.
    if (props.locationKey !== state.locationKey)
      return { error: undefined, caught: false, locationKey: props.locationKey, retried: false };
    return null;
  }

  /**
   * "Try again": first the page is rendered anew (a passing failure, a request that failed
   * once); if it fails again, the page is loaded anew (a stale or half-loaded app, which
   * rendering again cannot mend). Answers not yet saved wait in this browser meanwhile.
   */
  retry = () => {
    if (this.state.retried) {
      window.location.reload();
      return;
    }
    this.setState({ error: undefined, caught: false, retried: true });
  };

  override render() {
    if (!this.state.caught) return this.props.children;
    // A link that did not open says why and whom to ask, not "Something went wrong."
    if (this.state.error instanceof LinkError) return <LinkProblem error={this.state.error} />;
    return <RootError error={this.state.error} onRetry={this.retry} />;
  }
}

/**
 * The routes' error boundary (what a data router's `errorElement` was): an error thrown while
 * rendering the routes inside it shows RootError (or, for a link that did not open, LinkProblem)
 * in their place, and the next location renders
 * normally again. Declarative routes instead of the data router keep about 16 kB gzip of
 * react-router out of the first download (bench/bundle).
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary locationKey={location.key}>{children}</Boundary>;
}
