import { useMemo } from 'react';
import { useActorRef, useSelector } from '@xstate/react';
import { conflictChanges, organigrammeMachine, type OrganigrammeConflict } from '../../machines/organigramme.machine';
import type { Position } from '../../../rules/organigramme-tree';
import { OrganigrammeView, type OrganigrammeConflictView } from '../../ui/organigrammes/OrganigrammeView';
import { useServices } from '../services';

/** Positions as "title — name" by kind of change, each side against the chart the refused draft was drawn from. */
function conflictView(conflict: OrganigrammeConflict): OrganigrammeConflictView {
  const { theirs, mine } = conflictChanges(conflict);
  const label = (p: Position) => `${p.title} — ${p.name}`;
  const lines = (changes: typeof theirs) => ({ added: changes.added.map(label), removed: changes.removed.map(label), changed: changes.changed.map(label) });
  return { kind: conflict.kind, theirs: lines(theirs), mine: lines(mine) };
}

/**
 * The company page's organisation charts: the organigramme statechart wired to its operations.
 * The success message stays until the user acknowledges it (OK) or starts another change, which
 * both send organigramme.reset (docs/decisions.md).
 */
export function OrganigrammesSection({ companyId, canEdit }: { companyId: string; canEdit: boolean }) {
  const { operations } = useServices();
  const logic = useMemo(
    () =>
      organigrammeMachine.provide({
        actors: {
          getOrganigrammes: operations.getOrganigrammes,
          createOrganigramme: operations.createOrganigramme,
          replaceOrganigramme: operations.replaceOrganigramme,
          deleteOrganigramme: operations.deleteOrganigramme,
        },
      }),
    [operations],
  );
  const actor = useActorRef(logic, { input: { companyId } });
  const state = useSelector(actor, (s) => s);
  const busy = state.matches({ ready: 'creating' }) ? 'creating' : state.matches({ ready: 'updating' }) ? 'updating' : state.matches({ ready: 'deleting' }) ? 'deleting' : null;
  return (
    <OrganigrammeView
      status={state.matches('loading') ? 'loading' : state.matches('loadFailed') ? 'loadFailed' : 'ready'}
      charts={state.context.charts}
      canEdit={canEdit}
      busy={busy}
      success={state.context.success}
      error={state.context.error?.message ?? null}
      onRetry={() => actor.send({ type: 'organigramme.retry' })}
      onSave={(kind, positions, isNew) =>
        actor.send({
          type: isNew ? 'organigramme.create' : 'organigramme.update',
          kind,
          positions,
        })
      }
      onDelete={(kind) => actor.send({ type: 'organigramme.delete', kind })}
      onReset={() => actor.send({ type: 'organigramme.reset' })}
      conflict={state.context.conflict ? conflictView(state.context.conflict) : null}
      onConflictReload={() => actor.send({ type: 'organigramme.conflict.reload' })}
      onConflictMerge={() => actor.send({ type: 'organigramme.conflict.merge' })}
    />
  );
}
