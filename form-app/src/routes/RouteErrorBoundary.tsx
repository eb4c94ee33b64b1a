import { Component, type ReactNode } from 'react';
import { useLocation } from 'react-router-dom';

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
    return this.state.caught ? <RootError error={this.state.error} /> : this.props.children;
  }
}

/**
 * The routes' error boundary (what a data router's `errorElement` was): an error thrown while
 * rendering the routes inside it shows RootError in their place, and the next location renders
 * normally again. Declarative routes instead of the data router keep about 16 kB gzip of
 * react-router out of the first download (bench/bundle).
 */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <Boundary locationKey={location.key}>{children}</Boundary>;
}
