import type { Meta, StoryObj } from '@storybook/react-vite';
import { NotFoundView } from './NotFoundView';

const meta = { title: 'Views/Not found', component: NotFoundView } satisfies Meta<typeof NotFoundView>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Default: Story = {};
