import { Component, type ReactNode } from 'react';
import { css } from 'styled-system/css';
import { Alert } from './Alert';
import { Button } from './Button';

type Props = {
  /** What the reader is told instead, e.g. where the same figures are in text. */
  title: string;
  description: string;
  retryLabel: string;
  /** A change (new data) tries the widget again. */
  resetKey?: unknown;
  children: ReactNode;
};
type State = { error: boolean };

/**
 * Around a third-party widget (the Gantt chart, the organisation chart drawing, the dashboard's
 * charts): if it throws while drawing, a small notice takes its place and the rest of the page
 * keeps working; its text alternative (the table beside it) is still there.
 */
export class WidgetBoundary extends Component<Props, State> {
  override state: State = { error: false };
  static getDerivedStateFromError(): State {
    return { error: true };
  }
  override componentDidUpdate(previous: Props) {
    if (this.state.error && previous.resetKey !== this.props.resetKey) this.setState({ error: false });
  }
  override render() {
    if (!this.state.error) return this.props.children;
    return (
      <div data-testid="widget-fallback">
        <Alert status="warning" title={this.props.title}>
          <p>{this.props.description}</p>
          <Button size="sm" variant="outline" className={css({ mt: '2' })} onClick={() => this.setState({ error: false })}>
            {this.props.retryLabel}
          </Button>
        </Alert>
      </div>
    );
  }
}
