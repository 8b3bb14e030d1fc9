import { lazy, Suspense, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Tabs } from '@ark-ui/react/tabs';
import { List, Network, Pencil, Plus, Trash2 } from 'lucide-react';
import { css } from 'styled-system/css';
import { Alert } from '../components/Alert';
import { Button } from '../components/Button';
import { ConflictNotice } from '../components/ConflictNotice';
import { CardBody, CardHeader, CardRoot, CardTitle } from '../components/Card';
import { ConfirmDialog } from '../components/Dialog';
import { EmptyState } from '../components/EmptyState';
import { Skeleton } from '../components/Skeleton';
import { WidgetBoundary } from '../components/WidgetBoundary';
import { ORGANIGRAMME_KINDS, type OrganigrammeKind, type OrganigrammeSlots } from '../../machines/organigramme-slots';
import type { Position } from '../../../rules/organigramme-tree';
import { toTree, type TreeNode } from '../../machines/organigramme-tree';
import type { OrganigrammeSuccess } from '../../machines/organigramme.machine';
import { OrgChartEditor } from './OrgChartEditor';
import { LoadFailed } from '../components/LoadFailed';

// @xyflow/react and dagre stay out of the company page's chunk: fetched when a chart is drawn.
const OrgChartDiagram = lazy(() => import('./OrgChartDiagram'));

export type OrganigrammeViewProps = {
  status: 'loading' | 'loadFailed' | 'ready';
  charts: OrganigrammeSlots;
  canEdit: boolean;
  busy: 'creating' | 'updating' | 'deleting' | null;
  success: OrganigrammeSuccess | null;
  /** The last failure's message (load or write). */
  error: string | null;
  onRetry: () => void;
  onSave: (kind: OrganigrammeKind, positions: Position[], isNew: boolean) => void;
  onDelete: (kind: OrganigrammeKind) => void;
  /** Acknowledges the success or error message (organigramme.reset). */
  onReset: () => void;
  /** A replace refused because another manager saved first (lost update), with both sides' changes. */
  conflict: OrganigrammeConflictView | null;
  /** Take the saved chart… */
  onConflictReload: () => void;
  /** …or reapply the user's changes onto it and save again. */
  onConflictMerge: () => void;
  /** For stories: the tab and editor shown first. */
  initialKind?: OrganigrammeKind;
  initialEditing?: boolean;
};

/** Positions ("title — name") by kind of change. */
export type PositionChanges = { added: string[]; removed: string[]; changed: string[] };
export type OrganigrammeConflictView = { kind: OrganigrammeKind; theirs: PositionChanges; mine: PositionChanges };

const KIND_LABEL = {
  normal: 'organigramme-kind_normal',
  construction: 'organigramme-kind_construction',
} as const;

/** The company's two organisation charts, one tab each: a drawing, the same tree as a list, and the editor. */
export function OrganigrammeView(props: OrganigrammeViewProps) {
  const { t } = useTranslation();
  const [kind, setKind] = useState<OrganigrammeKind>(props.initialKind ?? 'normal');
  const [editing, setEditing] = useState<OrganigrammeKind | null>(props.initialEditing ? props.initialKind ?? 'normal' : null);
  const [confirming, setConfirming] = useState<OrganigrammeKind | null>(null);
  const { success, onReset } = props;
  const titleId = useId();

  // A new success closes what it answers: a saved chart its editor, a deleted one its confirmation.
  const [answered, setAnswered] = useState(success);
  if (success !== answered) {
    setAnswered(success);
    if (success?.action === 'deleted') setConfirming(null);
    else if (success) setEditing(null);
  }

  // A lost update closes the editor it answers and shows its chart's tab, where the choice is made.
  const [conflictShown, setConflictShown] = useState(props.conflict);
  if (props.conflict !== conflictShown) {
    setConflictShown(props.conflict);
    if (props.conflict) {
      setEditing(null);
      setKind(props.conflict.kind);
    }
  }
  const changeLines = (changes: PositionChanges) => [
    ...changes.added.map((position) => t('organigramme-conflict_added', { position })),
    ...changes.removed.map((position) => t('organigramme-conflict_removed', { position })),
    ...changes.changed.map((position) => t('organigramme-conflict_changed', { position })),
  ];

  const startEditing = (next: OrganigrammeKind) => {
    onReset();
    setEditing(next);
  };

  let body;
  if (props.status === 'loading') body = <Skeleton lines={4} label={t('organigramme-loading')} />;
  else if (props.status === 'loadFailed')
    body = (
      <LoadFailed title={t('organigramme-load_error')} message={props.error} onRetry={props.onRetry} />
    );
  else
    body = (
      <Tabs.Root value={kind} onValueChange={({ value }) => setKind(value as OrganigrammeKind)} lazyMount className={css({ display: 'flex', flexDirection: 'column', gap: '4' })}>
        <Tabs.List
          className={css({
            display: 'flex',
            gap: '1',
            borderBottomWidth: '1px',
            borderColor: 'border.default',
          })}
        >
          {ORGANIGRAMME_KINDS.map((k) => (
            <Tabs.Trigger
              key={k}
              value={k}
              className={css({
                px: '4',
                py: '2',
                mb: '-1px',
                fontSize: 'sm',
                fontWeight: 'medium',
                color: 'fg.muted',
                borderBottomWidth: '2px',
                borderColor: 'transparent',
                cursor: 'pointer',
                _hover: { color: 'fg.default' },
                _selected: {
                  color: 'accent.text',
                  borderColor: 'accent.default',
                },
                _focusVisible: {
                  outline: '2px solid',
                  outlineColor: 'accent.default',
                  outlineOffset: '-2px',
                },
              })}
            >
              {t(KIND_LABEL[k])}
            </Tabs.Trigger>
          ))}
        </Tabs.List>
        {props.success ? (
          <div
            className={css({
              display: 'flex',
              gap: '2',
              alignItems: 'flex-start',
            })}
          >
            <div className={css({ flex: '1' })}>
              <Alert status="success">{props.success.message}</Alert>
            </div>
            <Button variant="outline" size="sm" onClick={onReset}>
              {t('organigramme-ok')}
            </Button>
          </div>
        ) : null}
        {props.conflict ? (
          <ConflictNotice
            title={t('organigramme-conflict_title', { kind: t(KIND_LABEL[props.conflict.kind]) })}
            text={`${props.error ?? ''} ${t('organigramme-conflict_text')}`.trim()}
            sections={[
              { heading: t('organigramme-conflict_theirs'), lines: changeLines(props.conflict.theirs) },
              { heading: t('organigramme-conflict_mine'), lines: changeLines(props.conflict.mine) },
            ]}
            emptyLabel={t('organigramme-conflict_none')}
            reloadLabel={t('organigramme-conflict_reload')}
            mergeLabel={t('organigramme-conflict_merge')}
            onReload={props.onConflictReload}
            onMerge={props.onConflictMerge}
          />
        ) : null}
        {ORGANIGRAMME_KINDS.map((k) => (
          <Tabs.Content key={k} value={k}>
            {editing === k ? (
              <OrgChartEditor
                initial={props.charts[k]?.positions ?? []}
                kindLabel={t(KIND_LABEL[k])}
                saving={props.busy === 'creating' || props.busy === 'updating'}
                error={props.busy ? null : props.error}
                onSave={(positions) => props.onSave(k, positions, props.charts[k] === null)}
                onCancel={() => setEditing(null)}
              />
            ) : (
              <ChartPanel
                kind={k}
                positions={props.charts[k]?.positions ?? null}
                // Nothing else is changed while a lost update waits for the user's choice.
                canEdit={props.canEdit && props.conflict === null}
                onEdit={() => startEditing(k)}
                onDelete={() => {
                  onReset();
                  setConfirming(k);
                }}
              />
            )}
          </Tabs.Content>
        ))}
      </Tabs.Root>
    );

  return (
    <CardRoot aria-labelledby={titleId}>
      <CardHeader>
        <CardTitle id={titleId}>{t('organigramme-section_title')}</CardTitle>
      </CardHeader>
      <CardBody>{body}</CardBody>
      <ConfirmDialog
        open={confirming !== null}
        title={t('organigramme-delete_title', {
          kind: confirming ? t(KIND_LABEL[confirming]) : '',
        })}
        description={t('organigramme-delete_text')}
        confirmLabel={t('organigramme-delete_confirm')}
        danger
        busy={props.busy === 'deleting'}
        error={confirming && props.busy === null ? props.error : null}
        onConfirm={() => confirming && props.onDelete(confirming)}
        onClose={() => setConfirming(null)}
      />
    </CardRoot>
  );
}

function ChartPanel({
  kind,
  positions,
  canEdit,
  onEdit,
  onDelete,
}: {
  kind: OrganigrammeKind;
  positions: Position[] | null;
  canEdit: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [asList, setAsList] = useState(false);
  const listId = useId();
  const tree = positions ? toTree(positions) : null;
  const kindLabel = t(KIND_LABEL[kind]);

  if (!positions || !tree)
    return (
      <EmptyState
        icon={<Network size={22} />}
        title={t('organigramme-empty_title', { kind: kindLabel })}
        description={t(canEdit ? 'organigramme-empty_text_editor' : 'organigramme-empty_text')}
        actions={
          canEdit ? (
            <Button onClick={onEdit}>
              <Plus size={16} aria-hidden="true" />
              {t('organigramme-create')}
            </Button>
          ) : null
        }
      />
    );

  return (
    <div className={css({ display: 'flex', flexDirection: 'column', gap: '3' })}>
      <div
        className={css({
          display: 'flex',
          gap: '2',
          flexWrap: 'wrap',
          justifyContent: 'space-between',
          alignItems: 'center',
        })}
      >
        <Button variant="outline" size="sm" aria-pressed={asList} aria-controls={listId} onClick={() => setAsList(!asList)}>
          <List size={16} aria-hidden="true" />
          {t('organigramme-show_list')}
        </Button>
        {canEdit ? (
          <div className={css({ display: 'flex', gap: '2', flexWrap: 'wrap' })}>
            <Button size="sm" onClick={onEdit}>
              <Pencil size={16} aria-hidden="true" />
              {t('organigramme-edit')}
            </Button>
            <Button size="sm" variant="outline" onClick={onDelete}>
              <Trash2 size={16} aria-hidden="true" />
              {t('organigramme-delete')}
            </Button>
          </div>
        ) : null}
      </div>
      {asList ? null : (
        <WidgetBoundary title={t('organigramme-diagram_error_title')} description={t('organigramme-diagram_error_text')} retryLabel={t('page-retry')} resetKey={positions}>
          <Suspense fallback={<Skeleton lines={4} label={t('organigramme-diagram_loading')} />}>
            <OrgChartDiagram positions={positions} />
          </Suspense>
        </WidgetBoundary>
      )}
      {/* The text alternative: always read by screen readers, shown on demand. */}
      <div id={listId} className={asList ? undefined : css({ srOnly: true })}>
        <ul aria-label={t('organigramme-list_label', { kind: kindLabel })} className={css({ listStyle: 'none', p: 0, m: 0 })}>
          <TreeItem node={tree} />
        </ul>
      </div>
    </div>
  );
}

function TreeItem({ node }: { node: TreeNode }) {
  return (
    <li className={css({ mt: '2' })}>
      <span className={css({ display: 'block', fontSize: 'sm' })}>
        <strong>{node.title}</strong> — {node.name}
        {node.contact ? <span className={css({ color: 'fg.muted' })}> · {node.contact}</span> : null}
      </span>
      {node.children.length ? (
        <ul
          className={css({
            listStyle: 'none',
            m: 0,
            ml: '2',
            pl: '4',
            borderLeftWidth: '2px',
            borderColor: 'border.default',
          })}
        >
          {node.children.map((child) => (
            <TreeItem key={child._id} node={child} />
          ))}
        </ul>
      ) : null}
    </li>
  );
}
