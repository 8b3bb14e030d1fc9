import type { CalendarEvent } from '../../machines/calendar.machine';

export const calendarToday = '2026-11-24';
const tender = (id: string, title: string, reference: string) => ({ tenderId: id, tenderTitle: title, reference, status: 'in_progress' as const });
const gymnase = tender('5b0c1a4e-2f6d-4c8a-9e1b-3d7f0a2c4b6e', 'Réfection de la toiture du gymnase Jean-Moulin', '26-101245');
const voirie = tender('8e3d2c1b-0a9f-4e8d-b7c6-5a4f3e2d1c0b', 'Entretien de la voirie communale', '26-113085');

/** A month of a manager's calendar: deadlines, a site visit, a planning task and milestone; 2 December has four ("+1"). */
export const calendarEvents: CalendarEvent[] = [
  { id: `site_visit-${gymnase.tenderId}`, kind: 'site_visit', start: '2026-11-26T08:00:00.000Z', end: null, allDay: false, title: null, mandatory: true, ...gymnase },
  { id: 'task-0f1e2d3c-4b5a-4978-8695-a4b3c2d1e0f9', kind: 'task', start: '2026-11-30', end: '2026-12-02', allDay: true, title: 'Rédaction du mémoire technique', mandatory: false, ...gymnase },
  { id: `questions-${gymnase.tenderId}`, kind: 'questions', start: '2026-12-02T11:00:00.000Z', end: null, allDay: false, title: null, mandatory: false, ...gymnase },
  { id: `submission-${voirie.tenderId}`, kind: 'submission', start: '2026-12-02', end: null, allDay: true, title: null, mandatory: false, ...voirie },
  { id: 'milestone-1a2b3c4d-5e6f-4a7b-8c9d-0e1f2a3b4c5d', kind: 'milestone', start: '2026-12-02', end: null, allDay: true, title: 'Relecture finale', mandatory: false, ...gymnase },
  { id: `submission-${gymnase.tenderId}`, kind: 'submission', start: '2026-12-09T11:00:00.000Z', end: null, allDay: false, title: null, mandatory: false, ...gymnase },
];

export const calendarLoadError = 'Le serveur ne répond pas. Réessayez dans un instant.';
export const calendarFeedUrl = 'https://soumissio.example.fr/api/calendar/q3Zr8Xc2VwN1yB6tKp0LmA9sD4fGh7Jk5Ue2Wi8Oa1c.ics?lang=fr';
export const calendarFeedMessage = "Adresse d'abonnement créée. Copiez-la maintenant : elle ne sera plus affichée.";
export const calendarFeedError = 'Vous ne pouvez pas modifier cet abonnement.';
