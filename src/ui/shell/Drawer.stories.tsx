import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { createActor, type SnapshotFrom } from 'xstate';
import { drawerMachine } from '../../machines/drawer.machine';
import { Drawer } from './Drawer';
import { SideMenu } from './SideMenu';
import { managerSections } from './side-menu-fixtures';

type Snapshot = SnapshotFrom<typeof drawerMachine>;

// The drawer rendered from a drawer statechart snapshot, showing the side menu as on small screens.
function DrawerScreen({ snapshot, onClose }: { snapshot: Snapshot; onClose: () => void }) {
  const { view, placement, className } = snapshot.context;
  return (
    <Drawer open={snapshot.matches('open')} placement={placement} className={className} title="Soumissio" onClose={onClose}>
      {view === 'sideMenu' ? <SideMenu sections={managerSections} currentPath="/dashboard" mode="full" /> : null}
    </Drawer>
  );
}

function after(...events: Parameters<ReturnType<typeof createActor<typeof drawerMachine>>['send']>[0][]): Snapshot {
  const actor = createActor(drawerMachine).start();
  for (const event of events) actor.send(event);
  return actor.getSnapshot();
}

const meta = {
  title: 'Statecharts/Drawer',
  component: DrawerScreen,
  args: { snapshot: after(), onClose: fn() },
} satisfies Meta<typeof DrawerScreen>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Closed: Story = { parameters: { machineStates: ['drawer.closed'] } };
export const OpenOnTheLeft: Story = { args: { snapshot: after({ type: 'drawer.open', view: 'sideMenu', placement: 'left' }) }, parameters: { machineStates: ['drawer.open'] } };
export const OpenOnTheRight: Story = { args: { snapshot: after({ type: 'drawer.open', view: 'sideMenu' }) }, parameters: { machineStates: ['drawer.open'] } };
