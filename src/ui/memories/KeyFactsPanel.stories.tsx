import type { Meta, StoryObj } from '@storybook/react-vite';
import { css } from 'styled-system/css';
import { KeyFactsPanel } from './MemoryPanels';
import { keyFactsForEmployee, keyFactsForManager, keyFactsNoneChecked, keyFactsNow } from './key-facts-fixtures';
import { memoryTenderId } from './memory-fixtures';

// The call's key facts in the memory's side column (22 rem wide), for an employee and a manager.
// No loading or error state of its own: the facts come with the tender the page's guard loaded.
const meta = {
  title: 'Views/Memories/Key facts panel',
  component: KeyFactsPanel,
  args: { keyFacts: keyFactsForEmployee, canReview: false, tenderId: memoryTenderId, now: keyFactsNow },
  decorators: [
    (Story) => (
      <div className={css({ p: { base: '3', md: '6' }, bg: 'bg.canvas', minH: '100dvh' })}>
        <main className={css({ maxW: '22rem' })}>
          <Story />
        </main>
      </div>
    ),
  ],
} satisfies Meta<typeof KeyFactsPanel>;
export default meta;

type Story = StoryObj<typeof meta>;

/** An employee: the confirmed and corrected facts, the deadline with the days left, the criteria graded. */
export const Employee: Story = {};
/** A manager: every fact, those not checked yet marked "À vérifier", and a link to check them. */
export const Manager: Story = { args: { keyFacts: keyFactsForManager, canReview: true } };
/** An employee before a manager checked the analysis: what will appear, and when. */
export const EmployeeNothingChecked: Story = { args: { keyFacts: keyFactsNoneChecked } };
/** An employee on a call never analysed: the same promise. */
export const EmployeeNoAnalysis: Story = { args: { keyFacts: null } };
/** A manager on a call never analysed: run the analysis, with a link to it. */
export const ManagerNoAnalysis: Story = { args: { keyFacts: null, canReview: true } };
/** A manager whose analysis found none of these facts. */
export const ManagerNoneFound: Story = { args: { keyFacts: keyFactsNoneChecked, canReview: true } };
