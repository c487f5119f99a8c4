import { Component, type ReactNode } from "react";

/** Shown when a page fails to load or throws; never a blank screen. Resets when the path changes. */
export class RouteErrorBoundary extends Component<{ children: ReactNode; resetKey: string }, { failed: boolean }> {
  state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  componentDidCatch(error: unknown) {
    console.error(error);
  }

  componentDidUpdate(previous: { resetKey: string }) {
    if (previous.resetKey !== this.props.resetKey && this.state.failed) this.setState({ failed: false });
  }

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <div className="mx-auto flex min-h-[70vh] max-w-xl flex-col items-center justify-center gap-6 px-6 text-center">
        <h1 className="text-4xl">Something went wrong</h1>
        <p className="text-ink-muted">Please refresh the page. If it keeps happening, contact our concierge team.</p>
        <a href="/" className="underline decoration-gold underline-offset-4">
          Back to Home
        </a>
      </div>
    );
  }
}
