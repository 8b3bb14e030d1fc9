import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { SnapshotFrom } from 'xstate';
import { css } from 'styled-system/css';
import { stepperMachine, type StepperContext } from '../../machines/stepper.machine';
import { tenderGuardMachine, type TenderGuardContext } from '../../machines/tender-guard.machine';
import { NotFoundView } from './NotFoundView';
import { PageLoading } from './PageStatus';
import { RESPONSE_STEPS, TenderStepper } from './TenderStepper';

// The two statecharts of the tender pages, each state rendered from a real snapshot: the guard
// of the guarded pages (spec 2 and 4) and the response workflow's stepper.
type GuardSnapshot = SnapshotFrom<typeof tenderGuardMachine>;
type StepperSnapshot = SnapshotFrom<typeof stepperMachine>;

const TENDER_ID = '5f0c8a3e-2b7d-4c1a-9e6f-0a1b2c3d4e5f';
const guardAt = (value: 'loading' | 'allowed' | 'notFound' | 'redirecting', context: Partial<TenderGuardContext> = {}): GuardSnapshot =>
  tenderGuardMachine.resolveState({ value, context: { id: TENDER_ID, tender: null, error: null, ...context } });
const stepperAt = (value: 'idle' | 'saving' | 'failure', context: Partial<StepperContext> = {}): StepperSnapshot =>
  stepperMachine.resolveState({ value, context: { count: RESPONSE_STEPS.length, current: 1, saved: 1, error: null, ...context } });

function GuardedPage({ snapshot }: { snapshot: GuardSnapshot }) {
  if (snapshot.hasTag('loading')) return <PageLoading />;
  if (snapshot.matches('notFound')) return <NotFoundView />;
  // On its way to the tender's details page: nothing is rendered.
  if (snapshot.matches('redirecting')) return null;
  return (
    <div className={css({ p: '6' })}>
      <h1 className={css({ fontSize: '2xl', fontWeight: 'semibold' })}>Réhabilitation du groupe scolaire Jean-Moulin — lot 3</h1>
      <p className={css({ color: 'fg.muted' })}>La page protégée s'affiche : le travail sur cet appel d'offres a commencé.</p>
    </div>
  );
}

function StepperScreen({ snapshot, locked = false }: { snapshot: StepperSnapshot; locked?: boolean }) {
  return (
    <div className={css({ p: '6', maxW: '6xl' })}>
      <TenderStepper
        current={snapshot.context.current}
        saving={snapshot.hasTag('saving')}
        error={snapshot.context.error?.message ?? null}
        locked={locked}
        onNext={fn()}
        onPrevious={fn()}
        onGoTo={fn()}
        onDismissError={fn()}
      />
    </div>
  );
}

const meta = {
  title: 'Statecharts/Tender pages',
  component: GuardedPage,
  args: { snapshot: guardAt('loading') },
} satisfies Meta<typeof GuardedPage>;
export default meta;

type Story = StoryObj<typeof meta>;

export const GuardLoading: Story = { parameters: { machineStates: ['tenderGuard.loading'] } };
export const GuardAllowed: Story = {
  args: { snapshot: guardAt('allowed', { tender: { _id: TENDER_ID, status: 'in_progress' } }) },
  parameters: { machineStates: ['tenderGuard.allowed'] },
};
export const GuardNotFound: Story = {
  args: { snapshot: guardAt('notFound', { error: { message: "Cet appel d'offres est introuvable.", status: 404 } }) },
  parameters: { machineStates: ['tenderGuard.notFound'] },
};
export const GuardRedirecting: Story = {
  args: { snapshot: guardAt('redirecting', { tender: { _id: TENDER_ID, status: 'not_started' } }) },
  parameters: { machineStates: ['tenderGuard.redirecting'] },
};

export const StepperIdle: Story = {
  args: { snapshot: guardAt('allowed') },
  render: () => <StepperScreen snapshot={stepperAt('idle', { current: 2, saved: 2 })} />,
  parameters: { machineStates: ['stepper.idle'] },
};
export const StepperLocked: Story = {
  args: { snapshot: guardAt('allowed') },
  render: () => <StepperScreen snapshot={stepperAt('idle', { current: 0, saved: 0 })} locked />,
};
export const StepperAllDone: Story = {
  args: { snapshot: guardAt('allowed') },
  render: () => <StepperScreen snapshot={stepperAt('idle', { current: RESPONSE_STEPS.length, saved: RESPONSE_STEPS.length })} />,
};
export const StepperSaving: Story = {
  args: { snapshot: guardAt('allowed') },
  render: () => <StepperScreen snapshot={stepperAt('saving', { current: 3, saved: 2 })} />,
  parameters: { machineStates: ['stepper.saving'] },
};
export const StepperFailure: Story = {
  args: { snapshot: guardAt('allowed') },
  render: () => <StepperScreen snapshot={stepperAt('failure', { current: 2, saved: 2, error: { message: "Vous n'avez pas accès à cet appel d'offres.", status: 404 } })} />,
  parameters: { machineStates: ['stepper.failure'] },
};
