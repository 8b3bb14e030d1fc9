import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, render } from '@testing-library/react';
import type { ReactNode } from 'react';

// xyflow measures nothing in jsdom: its hooks are stood in for, the fitting is what is checked.
const fitView = vi.fn(async () => true);
vi.mock('@xyflow/react', () => ({
  ReactFlow: ({ children }: { children?: ReactNode }) => <div data-testid="flow">{children}</div>,
  Handle: () => null,
  Position: { Top: 'top', Bottom: 'bottom' },
  useReactFlow: () => ({ fitView }),
  useNodesInitialized: () => true,
}));
vi.mock('@xyflow/react/dist/style.css', () => ({}));

let resize: (() => void) | null = null;
class FakeResizeObserver {
  constructor(callback: () => void) {
    resize = callback;
  }
  observe() {}
  unobserve() {}
  disconnect() {}
}

const { default: OrgChartDiagram } = await import('./OrgChartDiagram');

afterEach(() => vi.unstubAllGlobals());

describe('the org chart drawing', () => {
  it('fits again once its cards are measured and whenever its box is resized (issue 10: clipped on first draw)', () => {
    vi.stubGlobal('ResizeObserver', FakeResizeObserver);
    render(<OrgChartDiagram positions={[{ _id: 'root', parentId: null, title: 'Direction', name: 'Camille Martin', contact: '' }]} />);
    expect(fitView).toHaveBeenCalledTimes(1);
    act(() => resize?.());
    expect(fitView).toHaveBeenCalledTimes(2);
  });
});
