import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorView } from './error-view';

interface State {
  error: Error | null;
}

/** A rendering error shows a message with a way out instead of a white screen. */
export class ErrorBoundary extends Component<{ children: ReactNode }, State> {
  state: State = { error: null };

  static getDerivedStateFromError(error: Error): State {
    return { error };
  }

  componentDidCatch(error: Error, info: ErrorInfo): void {
    console.error('[app] render error', error, info.componentStack);
  }

  render(): ReactNode {
    if (this.state.error) return <ErrorView message={this.state.error.message} />;
    return this.props.children;
  }
}
