import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import type { SnapshotFrom } from 'xstate';
import { css } from 'styled-system/css';
import { stepperMachine, type StepperContext } from '../../machines/stepper.machine';
import { tenderGuardMachine, type TenderGuardContext } from '../../machines/tender-guard.machine';
import { RESPONSE_STEPS } from '../../../rules/tender-lifecycle';
import { tenderJeanMoulin } from './tender-fixtures';
import { guardViewOf, TenderGuardView, type TenderFeature } from './TenderGuardView';
import { TenderStepper } from './TenderStepper';

// The two statecharts of the tender pages, each state rendered from a real snapshot: the guard
// of the guarded pages (spec 2 and 4) and the response workflow's stepper.
type GuardSnapshot = SnapshotFrom<typeof tenderGuardMachine>;
type StepperSnapshot = SnapshotFrom<typeof stepperMachine>;

const TENDER_ID = tenderJeanMoulin._id;
const guardAt = (value: 'loading' | 'allowed' | 'notFound' | 'redirecting', context: Partial<TenderGuardContext> = {}): GuardSnapshot =>
  tenderGuardMachine.resolveState({ value, context: { id: TENDER_ID, tender: null, error: null, ...context } });
const stepperAt = (value: 'idle' | 'saving' | 'failure', context: Partial<StepperContext> = {}): StepperSnapshot =>
  stepperMachine.resolveState({ value, context: { count: RESPONSE_STEPS.length, current: 1, saved: 1, error: null, ...context } });

// A guarded page (DCE or CCTP analysis, chat, assisted writing) as the guard's snapshot shows it.
function GuardedPage({ snapshot, feature = 'cctp' }: { snapshot: GuardSnapshot; feature?: TenderFeature }) {
  return (
    <div className={css({ p: '6' })}>
      <TenderGuardView {...guardViewOf(snapshot)} feature={feature}>
        {() => <p className={css({ color: 'fg.muted' })}>Le contenu de la page (analyse, chat ou rédaction) s'affiche ici, sous l'en-tête de l'appel d'offres.</p>}
      </TenderGuardView>
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
  args: { snapshot: guardAt('allowed', { tender: tenderJeanMoulin }) },
  parameters: { machineStates: ['tenderGuard.allowed'] },
};
export const GuardAllowedWriting: Story = { args: { snapshot: guardAt('allowed', { tender: { ...tenderJeanMoulin, status: 'submitted' } }), feature: 'writing' } };
export const GuardAllowedDce: Story = { args: { snapshot: guardAt('allowed', { tender: tenderJeanMoulin }), feature: 'dce' } };
export const GuardNotFound: Story = {
  args: { snapshot: guardAt('notFound', { error: { message: "Cet appel d'offres est introuvable.", status: 404 } }) },
  parameters: { machineStates: ['tenderGuard.notFound'] },
};
export const GuardRedirecting: Story = {
  args: { snapshot: guardAt('redirecting', { tender: { ...tenderJeanMoulin, status: 'not_started' } }) },
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
