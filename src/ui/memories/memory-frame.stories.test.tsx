import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as workspaceStories from './MemoryWorkspaceView.stories';
import { memoryFrameRef, memoryFromFrame } from './memory-fixtures';
import { MemorySwitcher } from './MemorySectionTools';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Workspace = composeStories(workspaceStories);

describe('a memory from the buyer’s response frame', () => {
  it('is offered first when the DCE has a frame, saying why', async () => {
    cleanup();
    const user = userEvent.setup();
    render(<Workspace.EmptyWithFrame />);
    expect(await screen.findByText(/L'acheteur impose un cadre de réponse/)).toBeTruthy();
    const buttons = screen.getAllByRole('button').map((b) => b.textContent);
    expect(buttons[0]).toBe(`Créer depuis le cadre de réponse « ${memoryFrameRef.fileName} »`);
    await user.click(screen.getByRole('button', { name: `Créer depuis le cadre de réponse « ${memoryFrameRef.fileName} »` }));
    expect(Workspace.EmptyWithFrame.args.onCreate).toHaveBeenLastCalledWith('frame', memoryFrameRef);
  });

  it('numbers the outline as the buyer does, shows the item’s words and its limit exceeded', async () => {
    cleanup();
    render(<Workspace.FromFrameOverLimit />);
    const outline = await screen.findByRole('navigation', { name: 'Plan du mémoire' });
    expect(within(outline).getByRole('button', { current: true }).textContent).toContain('3.3 Formation');
    const brief = screen.getByRole('region', { name: 'Rubrique 3.3 du cadre de réponse de l’acheteur'.replace('’', "'") });
    expect(within(brief).getByText(/Le soumissionnaire décrit les modalités de formation/)).toBeTruthy();
    expect(within(brief).getByText(/caractères sur 200 autorisés/)).toBeTruthy();
    expect(within(brief).getByText(/caractères de trop : l'acheteur peut juger l'offre irrégulière/)).toBeTruthy();
  });

  it('asks before exporting over the buyer’s limits, then downloads with the limits accepted', async () => {
    cleanup();
    const user = userEvent.setup();
    render(<Workspace.FromFrameOverLimit />);
    await user.click(await screen.findByRole('button', { name: "Exporter dans le cadre de l'acheteur" }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(/3\.3 Formation \(\d+ \/ 200 caractères\)/)).toBeTruthy();
    const clicked: string[] = [];
    const click = HTMLAnchorElement.prototype.click;
    HTMLAnchorElement.prototype.click = function (this: HTMLAnchorElement) {
      clicked.push(this.getAttribute('href') ?? '');
    };
    try {
      await user.click(within(dialog).getByRole('button', { name: 'Exporter quand même' }));
    } finally {
      HTMLAnchorElement.prototype.click = click;
    }
    expect(clicked).toEqual([`/api/memories/${memoryFromFrame._id}/export.docx?into=frame&acceptLimits=true`]);
  });

  it('starts another memory from the frame unless told otherwise', async () => {
    cleanup();
    const user = userEvent.setup();
    const onCreate = vi.fn();
    render(<MemorySwitcher memories={[]} currentId={memoryFromFrame._id} busy={false} frames={[memoryFrameRef]} onOpen={vi.fn()} onCreate={onCreate} />);
    await user.click(screen.getByRole('button', { name: 'Créer' }));
    expect(onCreate).toHaveBeenLastCalledWith('frame', undefined, memoryFrameRef);
  });
});
