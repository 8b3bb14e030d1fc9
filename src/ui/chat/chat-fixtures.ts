import type { components } from '../../../openapi/schema';
import type { ChatMessage } from './ChatView';

// Questions asked of the real Grenoble INP DCE (2026FCSSA0025), answered as the server does.
const rc = { documentId: 'd0000000-0000-4000-8000-000000000021', entry: null, fileName: 'RC_2026FCSSA0025 v2.pdf' };

export const extractiveMessage: ChatMessage = {
  _id: 'm0000000-0000-4000-8000-000000000001',
  question: 'Quelle est la date limite de remise des offres ?',
  answer: '« Date et heure limites de réception des offres : MERCREDI 15 JUILLET 2026 A 12:00 » (RC_2026FCSSA0025 v2.pdf, p. 1)',
  citations: [{ ...rc, page: 1, excerpt: 'Date et heure limites de réception des offres : MERCREDI 15 JUILLET 2026 A 12:00' }],
  mode: 'extractive',
  createdAt: '2026-06-22T08:31:00.000Z',
};

export const llmMessage: ChatMessage = {
  _id: 'm0000000-0000-4000-8000-000000000002',
  question: 'Une visite des lieux est-elle obligatoire ?',
  answer: 'Non : la visite des lieux est facultative [1]. Les questions doivent parvenir au plus tard 10 jours avant la date limite de réception des offres [2].',
  citations: [
    { ...rc, page: 6, excerpt: 'Une visite des lieux est facultative. Les candidats qui le souhaitent prennent rendez-vous auprès du service…' },
    { ...rc, page: 11, excerpt: 'Les candidats peuvent poser leurs questions au plus tard 10 jours avant la date limite de réception des offres…' },
  ],
  mode: 'llm',
  createdAt: '2026-06-22T08:32:00.000Z',
};

export const unansweredMessage: ChatMessage = {
  _id: 'm0000000-0000-4000-8000-000000000003',
  question: 'Quel est le prix du caviar à Moscou ?',
  answer: "Les documents de cet appel d'offres ne semblent rien dire à ce sujet. Reformulez la question ou vérifiez que toutes les pièces du DCE ont été ajoutées.",
  citations: [],
  mode: 'extractive',
  createdAt: '2026-06-22T08:33:00.000Z',
};

/** A page as the text viewer shows it (in a fixture: Panda would read an inline literal's `text` in a story as styles). */
export const rcFirstPage: components['schemas']['TenderDocPages']['page'] & object = { entry: null, page: 1, pages: 15, ocr: 'none', text: 'RÈGLEMENT DE LA CONSULTATION\n\nDate et heure limites de réception des offres :\n        MERCREDI 15 JUILLET 2026 A 12:00' };
