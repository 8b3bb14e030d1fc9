import { describe, expect, it } from 'vitest';
import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { I18nextProvider } from 'react-i18next';
import fr from '../../../locales/fr/translation.json';
import en from '../../../locales/en/translation.json';
import { createI18n } from '../../i18n/i18n';
import { PasswordField } from './PasswordField';

async function showField(lng: 'fr' | 'en', userInputs: string[] = []) {
  const i18n = await createI18n({ resources: { fr: { translation: fr }, en: { translation: en } }, lng });
  render(
    <I18nextProvider i18n={i18n}>
      <PasswordField label={lng === 'fr' ? 'Mot de passe' : 'Password'} name="password" strength={{ userInputs }} />
    </I18nextProvider>,
  );
  return screen.getByLabelText(lng === 'fr' ? 'Mot de passe' : 'Password');
}

// The real estimator (its chunk is imported on the first keystroke), as the page uses it.
describe('the password strength meter', () => {
  it('says a weak password will be refused, with the estimator’s advice, and a strong one is fine', { timeout: 30_000 }, async () => {
    const input = await showField('fr');
    expect(screen.queryByRole('meter')).toBeNull();
    await userEvent.type(input, 'aaaaaaaaaa');
    await waitFor(() => expect(screen.getByRole('meter', { name: 'Robustesse du mot de passe' }).getAttribute('aria-valuetext')).toBe('très faible'), { timeout: 15_000 });
    expect(screen.getByText(/Trop facile à deviner : ce mot de passe sera refusé\./)).toBeTruthy();
    expect(screen.getByText(/Les caractères répétés/)).toBeTruthy();
    // Described by the meter's text for screen readers.
    expect(input.getAttribute('aria-describedby')).toContain(screen.getByRole('meter').parentElement!.id);

    await userEvent.clear(input);
    await userEvent.type(input, 'Cheval-Agrafe-Batterie-1987');
    await waitFor(() => expect(screen.getByRole('meter').getAttribute('aria-valuetext')).toBe('excellente'), { timeout: 15_000 });
    expect(screen.queryByText(/sera refusé/)).toBeNull();
  });

  it('counts the person’s name as easy to guess, in English too', { timeout: 30_000 }, async () => {
    const input = await showField('en', ['marguerite.delacroix@example.fr', 'Marguerite Delacroix']);
    await userEvent.type(input, 'Delacroix1987!');
    await waitFor(() => expect(screen.getByText(/Too easy to guess: this password will be refused\./)).toBeTruthy(), { timeout: 15_000 });
    expect(Number(screen.getByRole('meter', { name: 'Password strength' }).getAttribute('aria-valuenow'))).toBeLessThan(3);
  });
});

describe('the meter’s stories', () => {
  it('show each level, with advice only below the threshold', async () => {
    const { composeStories, setProjectAnnotations } = await import('@storybook/react-vite');
    const preview = (await import('../../../.storybook/preview')).default;
    setProjectAnnotations(preview);
    const stories = composeStories(await import('./PasswordStrengthMeter.stories'));
    const expected = { VeryWeak: 'très faible', Fair: 'moyenne', Good: 'bonne', Excellent: 'excellente' } as const;
    for (const [name, level] of Object.entries(expected)) {
      const Story = stories[name as keyof typeof expected];
      const { unmount } = render(<Story />);
      await waitFor(() => expect(screen.getByRole('meter').getAttribute('aria-valuetext')).toBe(level));
      expect(!!screen.queryByText(/sera refusé/)).toBe(name === 'VeryWeak' || name === 'Fair');
      unmount();
    }
  });
});
