// The organisation chart drawn as a tree (@xyflow/react, laid out top to bottom by @dagrejs/dagre),
// in its own chunk: OrganigrammeView loads it with React.lazy, so the company page's bundle does
// not carry either library (docs/decisions.md). The drawing is a picture for sighted users; the
// view renders the same tree as a nested list for everyone else.
import '@xyflow/react/dist/style.css';
import { useEffect, useRef, type RefObject } from 'react';
import { Handle, Position as Side, ReactFlow, useNodesInitialized, useReactFlow, type Edge, type Node, type NodeProps } from '@xyflow/react';
import { Graph, layout } from '@dagrejs/dagre';
import { css } from 'styled-system/css';
import type { Position } from '../../../rules/organigramme-tree';

const NODE_WIDTH = 190;
const NODE_HEIGHT = 84;
/** Below this zoom the text is too small: a wider chart overflows and is panned by dragging. */
const MIN_ZOOM = 0.7;

type PositionNode = Node<{ title: string; name: string; contact: string }, 'position'>;

/** Each position placed by dagre (top to bottom); xyflow places nodes by their top-left corner. */
export function layoutChart(positions: readonly Position[]): { nodes: PositionNode[]; edges: Edge[]; height: number } {
  const graph = new Graph();
  graph.setGraph({ rankdir: 'TB', nodesep: 16, ranksep: 40 });
  graph.setDefaultEdgeLabel(() => ({}));
  const known = new Set(positions.map((p) => p._id));
  for (const p of positions) graph.setNode(p._id, { width: NODE_WIDTH, height: NODE_HEIGHT });
  for (const p of positions) if (p.parentId && known.has(p.parentId)) graph.setEdge(p.parentId, p._id);
  layout(graph);
  const nodes = positions.map((p): PositionNode => {
    const { x, y } = graph.node(p._id) as { x: number; y: number };
    return {
      id: p._id,
      type: 'position',
      position: { x: x - NODE_WIDTH / 2, y: y - NODE_HEIGHT / 2 },
      data: { title: p.title, name: p.name, contact: p.contact },
    };
  });
  const edges = positions
    .filter((p) => p.parentId && known.has(p.parentId))
    .map(
      (p): Edge => ({
        id: `${p.parentId}-${p._id}`,
        source: p.parentId!,
        target: p._id,
        type: 'smoothstep',
      }),
    );
  return { nodes, edges, height: graph.graph().height ?? NODE_HEIGHT };
}

const nodeBox = css({
  w: `${NODE_WIDTH}px`,
  minH: `${NODE_HEIGHT}px`,
  px: '3',
  py: '2',
  borderWidth: '1px',
  borderColor: 'border.graphic',
  borderTopWidth: '3px',
  borderTopColor: 'accent.default',
  borderRadius: 'md',
  bg: 'bg.default',
  color: 'fg.default',
  boxShadow: 'sm',
  textAlign: 'center',
  display: 'flex',
  flexDirection: 'column',
  justifyContent: 'center',
  gap: '0.5',
});
const handle = css({ opacity: 0, pointerEvents: 'none' });

function PositionCard({ data }: NodeProps<PositionNode>) {
  return (
    <div className={nodeBox} data-testid="org-node">
      <Handle type="target" position={Side.Top} className={handle} isConnectable={false} />
      <p
        className={css({
          fontWeight: 'semibold',
          fontSize: 'sm',
          lineHeight: 'tight',
        })}
      >
        {data.title}
      </p>
      <p className={css({ fontSize: 'sm' })}>{data.name}</p>
      {data.contact ? (
        <p
          className={css({
            fontSize: 'xs',
            color: 'fg.muted',
            overflowWrap: 'anywhere',
          })}
        >
          {data.contact}
        </p>
      ) : null}
      <Handle type="source" position={Side.Bottom} className={handle} isConnectable={false} />
    </div>
  );
}

const nodeTypes = { position: PositionCard };
const FIT = { padding: 0.08, minZoom: MIN_ZOOM, maxZoom: 1 };

/**
 * Fits the chart again once its cards are measured and whenever its box changes size: the
 * `fitView` prop alone fits once, before the cards' real sizes and while the page is still
 * laying out (a scrollbar, the side menu), which left the first drawing clipped (issue 10).
 */
function KeepFitted({ box, layoutKey }: { box: RefObject<HTMLDivElement | null>; layoutKey: string }) {
  const { fitView } = useReactFlow();
  const measured = useNodesInitialized();
  useEffect(() => {
    if (measured) void fitView(FIT);
  }, [measured, layoutKey, fitView]);
  useEffect(() => {
    const element = box.current;
    if (!element || typeof ResizeObserver !== 'function') return;
    const observer = new ResizeObserver(() => void fitView(FIT));
    observer.observe(element);
    return () => observer.disconnect();
  }, [box, fitView]);
  return null;
}

/** A read-only drawing: nothing to focus, drag or select; the list beside it is the way to read it. */
export default function OrgChartDiagram({ positions }: { positions: readonly Position[] }) {
  const { nodes, edges, height } = layoutChart(positions);
  const box = useRef<HTMLDivElement>(null);
  return (
    <div
      ref={box}
      aria-hidden="true"
      className={css({
        w: 'full',
        borderWidth: '1px',
        borderColor: 'border.default',
        borderRadius: 'lg',
        bg: 'bg.subtle',
        overflow: 'hidden',
      })}
      style={{ height: Math.min(560, Math.max(200, height * 0.85 + 48)) }}
    >
      <ReactFlow
        nodes={nodes}
        edges={edges}
        nodeTypes={nodeTypes}
        fitView
        fitViewOptions={FIT}
        minZoom={MIN_ZOOM}
        maxZoom={1.25}
        nodesDraggable={false}
        nodesConnectable={false}
        nodesFocusable={false}
        edgesFocusable={false}
        elementsSelectable={false}
        disableKeyboardA11y
        zoomOnScroll={false}
        preventScrolling={false}
        proOptions={{ hideAttribution: true }}
        // Our theme's colours, light or dark: xyflow's own defaults are light only.
        style={{
          background: 'transparent',
          ['--xy-edge-stroke' as string]: 'var(--colors-border-graphic)',
          ['--xy-edge-stroke-width' as string]: '1.5',
        }}
      >
        <KeepFitted box={box} layoutKey={nodes.map((node) => `${node.id}@${node.position.x},${node.position.y}`).join('|')} />
      </ReactFlow>
    </div>
  );
}
