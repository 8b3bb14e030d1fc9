import { beforeAll, describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './ReauthDialog.stories';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const { Prompting, WrongPassword } = composeStories(stories);

describe('signing in again in place', () => {
  it('asks only for the password of the account, and sends it', async () => {
    const user = userEvent.setup();
    render(<Prompting />);
    const dialog = await screen.findByRole('dialog', { name: 'Votre session a pris fin' });
    const email = screen.getByLabelText('Adresse e-mail') as HTMLInputElement;
    expect(email.value).toBe('camille.martin@btp-lyon.fr');
    expect(email.readOnly).toBe(true);
    await user.type(screen.getByLabelText('Mot de passe'), 'secret');
    await user.click(screen.getByRole('button', { name: 'Se reconnecter et enregistrer' }));
    expect(Prompting.args.onSubmit).toHaveBeenCalledWith('secret');
    await user.click(screen.getByRole('button', { name: 'Aller à la page de connexion' }));
    expect(Prompting.args.onGiveUp).toHaveBeenCalled();
    expect(dialog).toBeTruthy();
  });

  it('shows a refused password above the field', async () => {
    render(<WrongPassword />);
    expect(await screen.findByText('E-mail ou mot de passe incorrect.')).toBeTruthy();
  });
});
