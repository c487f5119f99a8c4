import { msg } from "@lingui/core/macro";
import { Component, type ReactNode } from "react";
import { i18n } from "@/client/lib/i18n";

const TEXTS = {
  title: msg`Something went wrong`,
  body: msg`Please refresh the page. If it keeps happening, contact our concierge team.`,
  home: msg`Back to Home`,
};

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
        <h1 className="text-4xl">{i18n._(TEXTS.title)}</h1>
        <p className="text-ink-muted">{i18n._(TEXTS.body)}</p>
        <a href="/" className="underline decoration-gold underline-offset-4">
          {i18n._(TEXTS.home)}
        </a>
      </div>
    );
  }
}
