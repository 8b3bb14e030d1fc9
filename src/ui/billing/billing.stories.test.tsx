import { beforeAll, describe, expect, it, vi } from 'vitest';
import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { composeStories, setProjectAnnotations } from '@storybook/react-vite';
import preview from '../../../.storybook/preview';
import * as billingStories from './BillingView.stories';
import * as resultStories from './CheckoutResultView.stories';
import * as statesStories from './BillingStates.stories';

beforeAll(() => {
  setProjectAnnotations(preview);
  if (typeof window.ResizeObserver !== 'function') {
    window.ResizeObserver = class {
      observe() {}
      unobserve() {}
      disconnect() {}
    };
  }
});

const Billing = composeStories(billingStories);
const Result = composeStories(resultStories);
const arg = (story: { args: unknown }, name: string) => (story.args as Record<string, unknown>)[name] as ReturnType<typeof vi.fn>;
const meterOf = (name: string) => screen.getByRole('meter', { name });
// Intl writes narrow no-break spaces in numbers and before units.
const norm = (text: string | null | undefined) => (text ?? '').replace(/[\u202f\u00a0]/g, ' ');

describe('the billing page', () => {
  it('shows the plan, its status and renewal, and each usage against its limit, warning near and over it', async () => {
    render(<Billing.Manager />);
    expect(await screen.findByText('Formule Essentiel')).toBeTruthy();
    expect(screen.getByText('Active')).toBeTruthy();
    expect(screen.getByText('Prochain renouvellement le 1 mars 2027 (annuel).')).toBeTruthy();
    const users = meterOf('Utilisateurs');
    expect(users.getAttribute('aria-valuenow')).toBe('4');
    expect(users.getAttribute('aria-valuemax')).toBe('10');
    expect(users.getAttribute('aria-valuetext')).toBe('4 sur 10');
    expect(users.getAttribute('data-level')).toBe('ok');
    expect(meterOf('Appels d\'offres en cours').getAttribute('aria-valuetext')).toBe('12 sur 30');
    const analyses = meterOf('Analyses ce mois-ci');
    expect(analyses.getAttribute('data-level')).toBe('near');
    expect(screen.getByTestId('usage-analysesPerMonth').textContent).toContain('55 sur 60 · Limite bientôt atteinte');
    const storage = meterOf('Stockage');
    expect(storage.getAttribute('data-level')).toBe('over');
    expect(norm(screen.getByTestId('usage-storageBytes').textContent)).toContain('10,2 Go sur 10 Go · Limite atteinte');
    cleanup();
  });

  it('says "illimité" for a limit the plan does not have, and counts the trial days left', () => {
    render(<Billing.Trial />);
    expect(screen.getByText('Essai gratuit')).toBeTruthy();
    expect(screen.getByText("Essai de la formule Pro : il reste 9 jours (jusqu'au 11 mars 2026).")).toBeTruthy();
    expect(screen.getByTestId('usage-activeTenders').textContent).toContain('3 — illimité');
    expect(screen.queryByRole('meter', { name: "Appels d'offres en cours" })).toBeNull();
    cleanup();
  });

  it('compares the plans monthly or yearly, excluding VAT; a manager pays by card or by transfer', async () => {
    const u = userEvent.setup();
    render(<Billing.Manager />);
    const plans = screen.getByRole('region', { name: 'Comparer les formules' });
    const pro = within(plans).getByRole('listitem', { name: 'Pro' });
    expect(within(pro).getByText('1 490,00 € HT / an')).toBeTruthy();
    expect(within(pro).getByText('Illimité')).toBeTruthy();
    await u.click(within(plans).getByRole('radio', { name: 'Mensuelle' }));
    expect(within(pro).getByText('149,00 € HT / mois')).toBeTruthy();
    // Essentiel yearly is the current plan: no order on it.
    await u.click(within(plans).getByRole('radio', { name: 'Annuelle (2 mois offerts)' }));
    const essential = within(plans).getByRole('listitem', { name: 'Essentiel' });
    expect(within(essential).getByText('Votre formule actuelle')).toBeTruthy();
    expect(within(essential).queryByRole('button')).toBeNull();
    await u.click(within(pro).getByRole('button', { name: 'Payer par carte — formule Pro' }));
    expect(arg(Billing.Manager, 'onCard')).toHaveBeenCalledWith(expect.objectContaining({ code: 'pro' }), 'yearly');
    await u.click(within(pro).getByRole('button', { name: 'Payer par virement — formule Pro' }));
    expect(arg(Billing.Manager, 'onDialog')).toHaveBeenCalledWith({ kind: 'transfer', plan: expect.objectContaining({ code: 'pro' }), cycle: 'yearly' });
    cleanup();
  });

  it('while the browser is sent to Stripe, says so in the status region; a refusal shows the server\'s msg', () => {
    render(<Billing.Redirecting />);
    expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('Redirection vers la page de paiement sécurisée…'))).toBe(true);
    for (const button of screen.getAllByRole('button', { name: /Payer par/ })) expect((button as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    render(<Billing.CheckoutRefused />);
    expect(screen.getByRole('alert').textContent).toContain("Le paiement par carte n'est pas disponible sur ce serveur.");
    cleanup();
    render(<Billing.NoCardPayments />);
    expect(screen.queryByRole('button', { name: /Payer par carte/ })).toBeNull();
    expect(screen.getByText('Le paiement par carte n\'est pas proposé sur ce serveur : commandez par virement.')).toBeTruthy();
    cleanup();
  });

  it('the transfer confirmation says what will be issued; confirming orders', async () => {
    const u = userEvent.setup();
    render(<Billing.TransferDialog />);
    const dialog = await screen.findByRole('alertdialog', { name: 'Commander la formule Pro par virement ?' });
    expect(norm(dialog.textContent)).toContain('Une facture de 1 490,00 € HT / an (annuel) est émise tout de suite');
    await u.click(within(dialog).getByRole('button', { name: 'Commander et recevoir la facture' }));
    expect(arg(Billing.TransferDialog, 'onConfirmTransfer')).toHaveBeenCalled();
    cleanup();
  });

  it('lists the invoices with number, date, period, amount incl. VAT, status and PDF', () => {
    render(<Billing.Manager />);
    const table = screen.getByRole('table', { name: 'Factures et avoirs' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(4);
    const cells = (row: HTMLElement) => within(row).getAllByRole('cell').map((c) => norm(c.textContent));
    expect(cells(rows[0]!).slice(0, 5)).toEqual(['2026-000004', '1 mars 2026', 'du 1 mars 2026 au 28 févr. 2027', '588,00 €', 'À régler']);
    expect(cells(rows[1]!)[0]).toBe('2026-000003Avoir');
    expect(cells(rows[2]!)[4]).toBe('Annulée par avoir');
    expect(cells(rows[3]!)[4]).toBe('En retard');
    expect(within(rows[0]!).getByRole('link', { name: 'Télécharger 2026-000004 (PDF)' }).getAttribute('href')).toBe('/api/invoices/e0000000-0000-4000-8000-000000000004/pdf');
    // A manager neither marks payments nor issues credit notes.
    expect(within(table).queryByRole('button')).toBeNull();
    cleanup();
  });

  it("the plan card says \"Votre formule\" to the company's staff, and the company's name to an admin", () => {
    render(<Billing.Manager />);
    expect(screen.getByRole('heading', { name: 'Votre formule' })).toBeTruthy();
    cleanup();
    render(<Billing.Admin />);
    expect(screen.getByRole('heading', { name: 'BTP Lyon Rénovation' })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'Votre formule' })).toBeNull();
    cleanup();
    render(<Billing.AdminNameLoading />);
    expect(screen.getByRole('heading', { name: "Formule de l'entreprise" })).toBeTruthy();
    cleanup();
  });

  it('an admin sets a plan with a reason, marks an open invoice paid and credits an invoice', async () => {
    const u = userEvent.setup();
    render(<Billing.Admin />);
    expect(screen.queryByRole('button', { name: /Payer par/ })).toBeNull();
    await u.click(screen.getByRole('button', { name: 'Appliquer la formule Pro' }));
    expect(arg(Billing.Admin, 'onDialog')).toHaveBeenCalledWith({ kind: 'setPlan', plan: expect.objectContaining({ code: 'pro' }), cycle: 'yearly' });
    const table = screen.getByRole('table', { name: 'Factures et avoirs' });
    expect(within(table).getAllByRole('button', { name: /^Marquer payée/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Marquer payée — 2026-000004', 'Marquer payée — 2026-000001']);
    expect(within(table).getAllByRole('button', { name: /^Avoir/ }).map((b) => b.getAttribute('aria-label'))).toEqual(['Avoir — 2026-000004', 'Avoir — 2026-000001']);
    await u.click(within(table).getByRole('button', { name: 'Avoir — 2026-000001' }));
    expect(arg(Billing.Admin, 'onDialog')).toHaveBeenLastCalledWith({ kind: 'credit', invoice: expect.objectContaining({ number: '2026-000001' }) });
    cleanup();
    render(<Billing.SetPlanDialog />);
    const dialog = await screen.findByRole('dialog', { name: "Appliquer la formule Pro à l'entreprise" });
    await u.click(within(dialog).getByRole('button', { name: 'Appliquer la formule' }));
    expect(within(dialog).getByText('Le motif compte de 3 à 500 caractères.')).toBeTruthy();
    expect(arg(Billing.SetPlanDialog, 'onSetPlan')).not.toHaveBeenCalled();
    await u.type(within(dialog).getByLabelText('Motif'), 'Geste commercial');
    await u.click(within(dialog).getByRole('button', { name: 'Appliquer la formule' }));
    expect(arg(Billing.SetPlanDialog, 'onSetPlan')).toHaveBeenCalledWith('Geste commercial');
    cleanup();
  });

  it('an employee sees the plan and usage only: no details, no invoices, no orders', () => {
    render(<Billing.Employee />);
    expect(screen.getByText('Formule Essentiel')).toBeTruthy();
    expect(screen.getByRole('meter', { name: 'Utilisateurs' })).toBeTruthy();
    expect(screen.queryByRole('table')).toBeNull();
    expect(screen.queryByRole('form')).toBeNull();
    expect(screen.queryByRole('button', { name: /Payer par|Appliquer/ })).toBeNull();
    expect(screen.queryByText('Moyen de paiement')).toBeNull();
    expect(screen.getByText("Seuls les responsables de l'entreprise voient les factures et changent de formule.")).toBeTruthy();
    cleanup();
  });

  it('the billing details form saves the fields; a server refusal lands on its field', async () => {
    const u = userEvent.setup();
    render(<Billing.Manager />);
    const form = screen.getByRole('form', { name: 'Informations de facturation' });
    await u.clear(within(form).getByLabelText('Ville'));
    await u.type(within(form).getByLabelText('Ville'), 'Villeurbanne');
    await u.click(within(form).getByRole('button', { name: 'Enregistrer les informations' }));
    expect(arg(Billing.Manager, 'onSaveDetails')).toHaveBeenCalledWith({ ...billingStories.default.args.billing.details, city: 'Villeurbanne' });
    cleanup();
    render(<Billing.DetailsRefused />);
    const vat = screen.getByLabelText('N° de TVA intracommunautaire');
    expect(vat.getAttribute('aria-invalid')).toBe('true');
    const described = vat.getAttribute('aria-describedby')!.split(' ').map((id) => document.getElementById(id)!.textContent);
    expect(described).toContain("Ce numéro de TVA n'est pas valide : FR, la clé à 2 chiffres puis le SIREN, par exemple FR32123456789.");
    cleanup();
  });

  it('a card subscription offers the customer portal', async () => {
    const u = userEvent.setup();
    render(<Billing.PaidByCard />);
    expect(screen.getByText('Carte : Visa •••• 4242, exp. 12/2028')).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Gérer ma carte / résilier' }));
    expect(arg(Billing.PaidByCard, 'onPortal')).toHaveBeenCalled();
    cleanup();
    render(<Billing.Manager />);
    expect(screen.queryByRole('button', { name: 'Gérer ma carte / résilier' })).toBeNull();
    cleanup();
  });
});

describe('the checkout return pages', () => {
  const statusText = () => screen.getByRole('status', { name: '' }).textContent;
  it('waiting, then active with the plan, the renewal and a link to the invoices', () => {
    render(<Result.Confirming />);
    expect(screen.getByRole('heading', { name: 'Paiement reçu, activation en cours…' })).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: "Activation de l'abonnement" })).toBeTruthy();
    cleanup();
    render(<Result.Active />);
    expect(screen.getByRole('heading', { name: 'Votre abonnement Pro est actif' })).toBeTruthy();
    expect(screen.getByText(/Prochain renouvellement le 2 avr\. 2026\./)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Voir mes factures' }).getAttribute('href')).toBe('/billing/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d');
    cleanup();
  });

  it('a timeout is no refusal: it says the activation will come and offers to check again', async () => {
    const u = userEvent.setup();
    render(<Result.TimedOut />);
    expect(screen.getByRole('heading', { name: 'Toujours en attente de la confirmation' })).toBeTruthy();
    expect(screen.getByText(/Vous recevrez un e-mail dès l'activation/)).toBeTruthy();
    await u.click(screen.getByRole('button', { name: 'Vérifier à nouveau' }));
    expect(arg(Result.TimedOut, 'onCheckAgain')).toHaveBeenCalled();
    cleanup();
    render(<Result.Refused />);
    expect(screen.getByRole('heading', { name: 'Le paiement a été refusé' })).toBeTruthy();
    expect(screen.queryByRole('button', { name: 'Vérifier à nouveau' })).toBeNull();
    cleanup();
  });

  it('without a session id, says so with a link back; the cancel page says nothing was charged', () => {
    render(<Result.NoSession />);
    expect(screen.getByRole('heading', { name: 'Aucun paiement à vérifier' })).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Retour à la facturation' })).toBeTruthy();
    cleanup();
    render(<Result.Canceled />);
    expect(statusText()).toContain("Paiement annulé — rien n'a été débité");
    expect(screen.getByRole('link', { name: 'Retour à la facturation' }).getAttribute('href')).toBe('/billing/9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d');
    cleanup();
  });
});

describe('an invoice awaiting its transfer', () => {
  it('says so before ordering: transfer buttons off, described by the invoice to pay (amount, date, reference) or have credited, with a link to it', async () => {
    render(<Billing.TransferPending />);
    const notice = (await screen.findByText('La facture 2026-000004 attend son paiement')).closest('[id="billing-open-invoice-notice"]') as HTMLElement;
    expect(norm(notice.textContent)).toContain('588,00 € par virement avant le 31 mars 2026, avec la référence SOUM-2026-000004');
    expect(notice.textContent).toContain("demandez au support de l'annuler par un avoir");
    expect(within(notice).getByRole('link', { name: 'Voir la facture 2026-000004' }).getAttribute('href')).toBe('#billing-invoices');
    const transfer = screen.getByRole('button', { name: 'Payer par virement — formule Pro' }) as HTMLButtonElement;
    expect(transfer.disabled).toBe(true);
    expect(transfer.getAttribute('aria-describedby')).toBe('billing-open-invoice-notice');
    const dialogs = arg(Billing.TransferPending, 'onDialog').mock.calls.length;
    await userEvent.click(transfer);
    expect(arg(Billing.TransferPending, 'onDialog').mock.calls.length).toBe(dialogs);
    // The card is not held by a pending transfer.
    expect((screen.getByRole('button', { name: 'Payer par carte — formule Pro' }) as HTMLButtonElement).disabled).toBe(false);
    cleanup();
    render(<Billing.Manager />);
    expect(((await screen.findByRole('button', { name: 'Payer par virement — formule Pro' })) as HTMLButtonElement).disabled).toBe(false);
    expect(screen.queryByText(/attend son paiement/)).toBeNull();
  });
});


describe('a card payment short of the price (issue 24)', () => {
  it('says the payment was received but short, that the plan is not on, and how to pay the balance', async () => {
    render(<Billing.ShortCardPayment />);
    const title = await screen.findByText((text) => norm(text).startsWith('Paiement reçu : 1,00 € sur 1 788,00 €'));
    expect(norm(title.textContent)).toBe("Paiement reçu : 1,00 € sur 1 788,00 € — la formule commandée n'est pas activée");
    const notice = title.closest('[id="billing-open-invoice-notice"]') as HTMLElement;
    expect(norm(notice.textContent)).toContain('il reste 1 787,00 € à régler sur la facture 2026-000006, par virement avant le 31 mars 2026 avec la référence SOUM-2026-000006');
    expect(notice.textContent).toContain('La formule sera activée à réception du solde.');
    expect(within(notice).getByRole('link', { name: 'Voir la facture 2026-000006' })).toBeTruthy();
    cleanup();
  });
});

describe('the billing statechart, state by state as the page shows it', () => {
  const States = composeStories(statesStories);

  it('every state renders the page heading', () => {
    for (const [name, Story] of Object.entries(States)) {
      render(<Story />);
      expect(screen.getByRole('heading', { name: 'Facturation et abonnement' }), name).toBeTruthy();
      cleanup();
    }
  });

  it('loading, then a failure with its msg and a retry', () => {
    render(<States.Loading />);
    expect(screen.queryByText('Formule Essentiel')).toBeNull();
    cleanup();
    render(<States.LoadFailed />);
    expect(screen.getByText('Aucune réponse du serveur.')).toBeTruthy();
    expect(screen.getByRole('button', { name: /Réessayer/ })).toBeTruthy();
    cleanup();
    // Loading again after an invoice: the billing stays on screen.
    render(<States.Refreshing />);
    expect(screen.getByText('Formule Essentiel')).toBeTruthy();
    cleanup();
  });

  it('card: the order buttons are held while the browser is sent to Stripe; a refusal says why', () => {
    for (const Story of [States.CardStarting, States.CardLeaving]) {
      render(<Story />);
      expect(screen.getAllByRole('status').some((s) => s.textContent?.includes('Redirection vers la page de paiement sécurisée…'))).toBe(true);
      for (const button of screen.getAllByRole('button', { name: /Payer par/ })) expect((button as HTMLButtonElement).disabled).toBe(true);
      cleanup();
    }
    render(<States.CardFailed />);
    expect(screen.getByRole('alert').textContent).toContain("Le paiement par carte n'est pas disponible sur ce serveur.");
    cleanup();
  });

  it('transfer: held by an invoice awaiting payment, asked, sent, refused with the msg inside the dialog', async () => {
    render(<States.TransferHeld />);
    expect((screen.getByRole('button', { name: 'Payer par virement — formule Pro' }) as HTMLButtonElement).disabled).toBe(true);
    expect(screen.queryByRole('alertdialog')).toBeNull();
    cleanup();
    render(<States.TransferAsked />);
    expect(await screen.findByRole('alertdialog', { name: 'Commander la formule Pro par virement ?' })).toBeTruthy();
    cleanup();
    render(<States.TransferSending />);
    const sending = await screen.findByRole('alertdialog', { name: 'Commander la formule Pro par virement ?' });
    expect(within(sending).getByRole('button', { name: /Commander et recevoir la facture/ }).hasAttribute('disabled')).toBe(true);
    cleanup();
    render(<States.TransferRefused />);
    const refused = await screen.findByRole('alertdialog', { name: 'Commander la formule Pro par virement ?' });
    expect(refused.textContent).toContain('Une facture attend encore son virement');
    cleanup();
  });

  it("an admin's page is named after the company once known; their writes show in their dialogs", async () => {
    render(<States.AdminNamed />);
    expect(screen.getByRole('heading', { name: 'BTP Lyon Rénovation' })).toBeTruthy();
    cleanup();
    for (const Story of [States.AdminNaming, States.AdminUnnamed]) {
      render(<Story />);
      expect(screen.getByRole('heading', { name: "Formule de l'entreprise" })).toBeTruthy();
      cleanup();
    }
    render(<States.SetPlanSending />);
    expect(await screen.findByRole('dialog', { name: "Appliquer la formule Pro à l'entreprise" })).toBeTruthy();
    cleanup();
    render(<States.MarkPaidSending />);
    expect(await screen.findByRole('alertdialog', { name: /2026-000004/ })).toBeTruthy();
    cleanup();
    render(<States.CreditSending />);
    expect(await screen.findByRole('dialog', { name: /2026-000004/ })).toBeTruthy();
    cleanup();
  });

  it('details: saving holds the button, a refusal lands on its field; the portal says when it fails', () => {
    render(<States.DetailsSaving />);
    expect((screen.getByRole('button', { name: /Enregistrer les informations/ }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    render(<States.DetailsRefused />);
    expect(screen.getByLabelText('N° de TVA intracommunautaire').getAttribute('aria-invalid')).toBe('true');
    cleanup();
    render(<States.PortalOpening />);
    expect((screen.getByRole('button', { name: /Gérer ma carte \/ résilier/ }) as HTMLButtonElement).disabled).toBe(true);
    cleanup();
    render(<States.PortalFailed />);
    expect(screen.getByRole('alert').textContent).toContain('Stripe ne répond pas.');
    cleanup();
  });
});
