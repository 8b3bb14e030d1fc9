import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as stories from './ResumesView.stories';
import { resumeChef, resumeConducteur, resumeReading } from './resume-list-fixtures';

const Resumes = composeStories(stories);

function show(ui: ReactElement) {
  cleanup();
  return render(ui);
}

/** What a screen reader reads after a field's label: its helper or error texts. */
const descriptionOf = (element: HTMLElement) =>
  (element.getAttribute('aria-describedby') ?? '')
    .split(/\s+/)
    .map((id) => (id ? (element.ownerDocument.getElementById(id)?.textContent ?? '') : ''))
    .join(' ')
    .trim();

beforeAll(() => {
  setProjectAnnotations(preview);
});

describe('the company resume list', () => {
  it('shows each person with experience, four skills then "+N", certifications flagged like the vault, and the CV', async () => {
    show(<Resumes.Loaded />);
    const table = await screen.findByRole('table', { name: 'CV de l’équipe' });
    const moreau = within(table).getByRole('link', { name: resumeConducteur.fullName }).closest('tr')!;
    expect(within(moreau).getByRole('link', { name: resumeConducteur.fullName }).getAttribute('href')).toBe(`/resumes/${resumeConducteur._id}`);
    expect(within(moreau).getByText('15 ans')).toBeTruthy();
    expect(within(moreau).getByText('+2 autres')).toBeTruthy();
    expect(within(moreau).queryByText('MS Project')).toBeNull();
    expect(within(moreau).getByText('1 expire bientôt')).toBeTruthy();
    expect(within(moreau).getByRole('link', { name: `Télécharger ${resumeConducteur.fullName}` }).getAttribute('href')).toBe(`/api/resumes/${resumeConducteur._id}/file`);
    const benali = within(table).getByRole('link', { name: resumeChef.fullName }).closest('tr')!;
    expect(within(benali).getByText('1 expirée')).toBeTruthy();
    // A CV still being read: no name yet, the reading says so.
    const reading = within(table).getByRole('link', { name: '(nom en cours de lecture)' }).closest('tr')!;
    expect(reading.textContent).toContain('Lecture du CV…');
    expect(within(reading).queryByRole('link', { name: /Télécharger/ })).toBeNull();
    expect(resumeReading.parseStatus).toBe('parsing');
  });

  it('the company tabs say which page is open', async () => {
    show(<Resumes.Loaded />);
    const tabs = await screen.findByRole('navigation', { name: 'Pages de l’entreprise' });
    expect(within(tabs).getByRole('link', { name: 'CV de l’équipe' }).getAttribute('aria-current')).toBe('page');
    expect(within(tabs).getByRole('link', { name: 'Fiche entreprise' }).getAttribute('aria-current')).toBeNull();
  });

  it('adding: a name is needed without a CV; with a CV the name may stay empty', async () => {
    const user = userEvent.setup();
    show(<Resumes.AddDialog />);
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un CV' });
    await user.click(within(dialog.ownerDocument.body).getByRole('button', { name: 'Ajouter' }));
    expect(descriptionOf(within(dialog).getByLabelText('Nom et prénom'))).toBe('Saisissez le nom, ou déposez un CV où le lire.');
    expect(Resumes.AddDialog.args.onSubmitAdd).not.toHaveBeenCalled();
    const cv = new File(['%PDF-1.7'], 'CV_Paul_Martin.pdf', { type: 'application/pdf' });
    await user.upload(within(dialog).getByLabelText(/Glissez un CV ici/), cv);
    expect(within(dialog).getByText('Fichier choisi : CV_Paul_Martin.pdf')).toBeTruthy();
    await user.click(within(dialog.ownerDocument.body).getByRole('button', { name: 'Ajouter et lire le CV' }));
    expect(Resumes.AddDialog.args.onSubmitAdd).toHaveBeenCalledWith({ fullName: '', jobTitle: '', file: cv });
  });

  it('a server refusal lands under its field', async () => {
    show(<Resumes.AddRefused />);
    const dialog = await screen.findByRole('dialog', { name: 'Ajouter un CV' });
    expect(within(dialog).getAllByRole('alert')[0]!.textContent).toContain('Le CV n’a pas été ajouté');
    expect(descriptionOf(within(dialog).getByLabelText('Nom et prénom'))).toBe('Le champ « Nom et prénom » doit contenir au plus 120 caractères.');
  });
});
