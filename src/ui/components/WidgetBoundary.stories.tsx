import type { Meta, StoryObj } from '@storybook/react-vite';
import { WidgetBoundary } from './WidgetBoundary';

function Throws(): never {
  throw new Error('The chart library failed while drawing.');
}

const meta = {
  title: 'Components/Widget boundary',
  component: WidgetBoundary,
  args: {
    title: "Le diagramme de Gantt n'a pas pu être affiché",
    description: 'Le tableau des tâches ci-dessous donne les mêmes dates, et le reste de la page fonctionne.',
    retryLabel: 'Réessayer',
    children: <p>Le graphique s'affiche ici.</p>,
  },
} satisfies Meta<typeof WidgetBoundary>;
export default meta;

type Story = StoryObj<typeof meta>;

export const Drawn: Story = {};
export const Failed: Story = { args: { children: <Throws /> } };
