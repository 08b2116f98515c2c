'use client';

import { Component, type ReactNode } from 'react';
import { ChunkErrorView } from './chunk-error-view';
import type { ErrorViewLang } from './texts';

type Props = {
  children: ReactNode;
  lang?: ErrorViewLang;
  /** Defaults to location.reload(). */
  onReload?: () => void;
};
type State = { error: unknown; failed: boolean };

/** Keeps a failed lazy part (chart, modal …) from blanking the whole page (docs/screens.md). */
export class ChunkErrorBoundary extends Component<Props, State> {
  state: State = { error: null, failed: false };

  static getDerivedStateFromError(error: unknown): State {
    return { error, failed: true };
  }

  private retry = () => this.setState({ error: null, failed: false });

  render() {
    if (!this.state.failed) return this.props.children;
    return (
      <ChunkErrorView
        error={this.state.error}
        onRetry={this.retry}
        onReload={this.props.onReload}
        lang={this.props.lang}
      />
    );
  }
}
