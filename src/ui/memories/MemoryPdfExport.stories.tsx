import type { Meta, StoryObj } from '@storybook/react-vite';
import { fn } from 'storybook/test';
import { css } from 'styled-system/css';
import { MemoryPdfExport } from './MemoryPdfExport';

const UNAVAILABLE = "L'export PDF n'est pas disponible : LibreOffice n'est pas installé sur le serveur. L'export Word fonctionne : ouvrez le fichier Word et enregistrez-le en PDF.";

const meta = {
  title: 'Views/Memories/PDF export',
  component: MemoryPdfExport,
  args: { loading: false, error: null, onExport: fn() },
  decorators: [
    (Story) => (
      <div className={css({ p: { base: '3', md: '6' }, bg: 'bg.canvas', minH: '100dvh' })}>
        <main className={css({ display: 'flex', flexWrap: 'wrap', gap: '3', alignItems: 'center' })}>
          <Story />
        </main>
      </div>
    ),
  ],
} satisfies Meta<typeof MemoryPdfExport>;
export default meta;

type Story = StoryObj<typeof meta>;

/** Beside "Exporter en Word", ready (and after a PDF was saved). */
export const Ready: Story = { parameters: { machineStates: ['request.idle', 'request.success'] } };
/** The server converting: the button waits. */
export const Exporting: Story = { args: { loading: true }, parameters: { machineStates: ['request.loading'] } };
/** The server has no LibreOffice: why, and that the Word export works. */
export const Unavailable: Story = { args: { error: UNAVAILABLE }, parameters: { machineStates: ['request.failure'] } };
/** A PDF saved from a server without an emoji font: the emoji were left out, and the page says so. */
export const EmojiLeftOut: Story = {
  args: { warning: "Les emoji ont été retirés du PDF : le serveur n'a pas de police pour les dessiner (paquet Debian fonts-symbola). L'export Word les garde." },
  parameters: { machineStates: ['request.success'] },
};
