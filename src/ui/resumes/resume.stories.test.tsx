import { beforeAll, describe, expect, it } from 'vitest';
import { cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { ReactElement } from 'react';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as resumeStories from './ResumeView.stories';
import { resumeJulien } from './resume-fixtures';

beforeAll(() => {
  setProjectAnnotations(preview);
});

const Resume = composeStories(resumeStories);

function show(ui: ReactElement) {
  cleanup();
  return render(ui);
}

describe('one resume, read', () => {
  it('shows the fields with their origin, the certifications with their validity, amounts in euros and a removed position', async () => {
    show(<Resume.Viewing />);
    expect(await screen.findByRole('heading', { level: 1, name: 'Julien Martin' })).toBeTruthy();
    expect(screen.getAllByText('Lu dans le CV').length).toBe(3); // job title, experiences, projects
    expect(screen.getAllByText("Proposé par l'IA").length).toBe(1); // skills
    expect(screen.getByText('Valide')).toBeTruthy();
    expect(screen.getByText('Expire dans 12 jours')).toBeTruthy();
    expect(screen.getByText('Expiré')).toBeTruthy();
    expect(screen.getByText(/1\s250\s000\s€/)).toBeTruthy();
    expect(screen.getByText("poste supprimé de l'organigramme")).toBeTruthy();
    expect(screen.getByText('12 ans')).toBeTruthy();
    // The jobs read from the CV, the one going on "since".
    expect(screen.getByText('Expériences professionnelles')).toBeTruthy();
    expect(screen.getByText('Aide-conducteur de travaux')).toBeTruthy();
    expect(screen.getByText('Eiffage Construction Alpes · depuis 2019')).toBeTruthy();
    expect(screen.getByText('Léon Grosse · 2013 – 2019')).toBeTruthy();
    expect(screen.getByText('julien.martin')).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Télécharger cv-julien-martin.pdf' });
    expect(download.getAttribute('href')).toBe(`/api/resumes/${resumeJulien._id}/file`);
    expect(screen.getByRole('link', { name: "Retour aux CV de l'entreprise" }).getAttribute('href')).toBe(`/companies/${resumeJulien.companyId}/resumes`);
  });

  it('announces the CV being read, and why it could not be', async () => {
    show(<Resume.Parsing />);
    const live = (await screen.findAllByText('Lecture du CV…'))[0]!.closest('[aria-live]');
    expect(live?.getAttribute('aria-live')).toBe('polite');
    show(<Resume.ParseFailed />);
    expect(await screen.findByText('Le fichier ne contient pas de texte lisible (un scan ?) : remplissez les champs à la main.')).toBeTruthy();
  });

  it('refuses a file that is no PDF or DOCX before sending it, and sends a DOCX', async () => {
    show(<Resume.Viewing />);
    const input = (await screen.findByLabelText(/Remplacer le CV/)) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'notes.txt', { type: 'text/plain' })] } });
    expect(Resume.Viewing.args.onFileRefused).toHaveBeenCalledWith('resume-file_type');
    const docx = new File(['x'], 'cv.docx', { type: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document' });
    fireEvent.change(input, { target: { files: [docx] } });
    expect(Resume.Viewing.args.onReplaceFile).toHaveBeenCalledWith(docx);
  });
});

describe('one resume, edited', () => {
  it('sends only the fields changed', async () => {
    const user = userEvent.setup();
    show(<Resume.Editing />);
    const job = await screen.findByLabelText('Poste', { selector: 'input' });
    await user.clear(job);
    await user.type(job, 'Directeur de travaux');
    await user.click(screen.getByRole('button', { name: 'Ajouter une langue' }));
    const languages = screen.getAllByLabelText('Langue');
    await user.type(languages.at(-1)!, 'Espagnol');
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect(Resume.Editing.args.onSave).toHaveBeenLastCalledWith({
      jobTitle: 'Directeur de travaux',
      languages: [...resumeJulien.languages, { language: 'Espagnol', level: null }],
    });
  });

  it('checks the fields itself, in French, under each field', async () => {
    const user = userEvent.setup();
    show(<Resume.Editing />);
    const form = await screen.findByRole('form', { name: 'Modifier le CV' });
    expect((form as HTMLFormElement).noValidate).toBe(true);
    await user.clear(screen.getByLabelText('Nom et prénom'));
    await user.clear(screen.getAllByLabelText('Année')[0]!);
    await user.type(screen.getAllByLabelText('Année')[0]!, '1890');
    await user.type(screen.getAllByLabelText('Montant (€)')[1]!, 'beaucoup');
    const calls = (Resume.Editing.args.onSave as unknown as { mock: { calls: unknown[] } }).mock.calls.length;
    await user.click(screen.getByRole('button', { name: 'Enregistrer' }));
    expect((Resume.Editing.args.onSave as unknown as { mock: { calls: unknown[] } }).mock.calls.length).toBe(calls);
    const name = screen.getByLabelText('Nom et prénom');
    expect(document.getElementById(name.getAttribute('aria-describedby')!)?.textContent).toBe('Ce champ est obligatoire.');
    expect(screen.getByText('Saisissez une année entre 1950 et 2100.')).toBeTruthy();
    expect(screen.getByText(/Saisissez un montant en euros/)).toBeTruthy();
    // Every text input stops at the contract's limit.
    for (const input of form.querySelectorAll<HTMLInputElement>('input:not([type]), input[type="text"]')) expect(input.maxLength).toBeGreaterThan(0);
  });

  it("shows the server's refusal under its field (certifications.1.validUntil) and the banner until the user edits", async () => {
    const user = userEvent.setup();
    show(<Resume.SaveFailed />);
    expect(await screen.findByText('CV non enregistré')).toBeTruthy();
    const until = screen.getAllByLabelText("Valide jusqu'au")[1]!;
    expect(until.getAttribute('aria-invalid')).toBe('true');
    expect(document.getElementById(until.getAttribute('aria-describedby')!)?.textContent).toBe("La fin de validité d'une certification ne peut pas précéder sa date d'obtention.");
    // The draft is what the form shows again.
    expect((screen.getByLabelText("Années d'expérience") as HTMLInputElement).value).toBe('13');
    await user.clear(screen.getByLabelText("Années d'expérience"));
    await user.type(screen.getByLabelText("Années d'expérience"), '14');
    expect(screen.queryByText('CV non enregistré')).toBeNull();
  });

  it('a conflict: what each side changed, and the two ways out', async () => {
    const user = userEvent.setup();
    show(<Resume.Conflict />);
    const notice = (await screen.findByRole('heading', { name: 'Ce CV a changé entre-temps' })).closest('section')!;
    const lists = within(notice).getAllByRole('list');
    expect(within(lists[0]!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(['Poste', 'Compétences']);
    expect(within(lists[1]!).getAllByRole('listitem').map((li) => li.textContent)).toEqual(["Années d'expérience", 'Langues']);
    await user.click(within(notice).getByRole('button', { name: 'Garder mes modifications' }));
    expect(Resume.Conflict.args.onKeepMine).toHaveBeenCalled();
    await user.click(within(notice).getByRole('button', { name: /Prendre leur version/ }));
    expect(Resume.Conflict.args.onTakeTheirs).toHaveBeenCalled();
  });
});

describe('one resume, deleted', () => {
  it('asks first, then deletes', async () => {
    const user = userEvent.setup();
    show(<Resume.ConfirmingDelete />);
    const dialog = await screen.findByRole('alertdialog').catch(() => screen.getByRole('dialog'));
    expect(within(dialog).getByText('Supprimer le CV de Julien Martin ?')).toBeTruthy();
    await user.click(within(dialog).getByRole('button', { name: 'Supprimer le CV' }));
    expect(Resume.ConfirmingDelete.args.onConfirmDelete).toHaveBeenCalled();
  });

  it('the load states: a wait, then a failure with a retry', async () => {
    const user = userEvent.setup();
    show(<Resume.LoadFailed />);
    await user.click(await screen.findByRole('button', { name: /Réessayer/ }));
    expect(Resume.LoadFailed.args.onRetry).toHaveBeenCalled();
  });
});
