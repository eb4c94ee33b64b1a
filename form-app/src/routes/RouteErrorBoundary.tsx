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
}

class Boundary extends Component<BoundaryProps, BoundaryState> {
  constructor(props: BoundaryProps) {
    super(props);
    this.state = { error: undefined, caught: false, locationKey: props.locationKey };
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
      return { error: undefined, caught: false, locationKey: props.locationKey };
    return null;
  }

  override render() {
    if (!this.state.caught) return this.props.children;
    // Issue 15 #6: a link that did not open says why and whom to ask, not "Something went wrong."
    if (this.state.error instanceof LinkError) return <LinkProblem error={this.state.error} />;
    return <RootError error={this.state.error} />;
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
