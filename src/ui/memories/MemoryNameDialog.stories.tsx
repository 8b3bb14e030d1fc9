import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { MemoryNameDialog } from './MemoryNameDialog';

const meta = {
  title: 'Views/Memories/Name dialog',
  component: MemoryNameDialog,
  args: { defaultTitle: 'Mémoire technique — Réhabilitation énergétique du groupe scolaire Jean-Moulin (2)', onSubmit: fn(), onClose: fn() },
} satisfies Meta<typeof MemoryNameDialog>;
export default meta;

/** A second blank memory on the tender: the default is numbered. */
export const SecondBlank: StoryObj<typeof meta> = {};
