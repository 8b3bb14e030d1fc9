// An answer written by the model from numbered passages of the documents, with the passages it
// cites. Markers are renumbered in order of first citation so that [k] in the answer is
// citations[k - 1]; markers that name no passage are dropped, as they stream.
import type { ChatMessage, Llm } from './client';

export type SourcePassage = { documentId: string; entry: string | null; fileName: string; page: number; text: string };
export type Citation = { documentId: string; entry: string | null; fileName: string; page: number; excerpt: string };
export type CitedAnswer = { answer: string; citations: Citation[] };

const EXCERPT_CHARS = 300;

const SYSTEM_PROMPT = [
  "Tu aides une entreprise française à répondre à un appel d'offres public.",
  'Réponds uniquement à partir des extraits numérotés fournis, jamais de mémoire.',
  'Si les extraits ne permettent pas de répondre, dis-le clairement, sans deviner.',
  'Cite tes sources après chaque affirmation avec le numéro de l’extrait entre crochets, par exemple [1] ou [2][3].',
  'Réponds dans la langue de la question, de façon concise.',
].join('\n');

// With the interface's language: the answer is written in it, the documents quoted as they are.
const ANSWER_LANGUAGE: Record<'fr' | 'en', string> = {
  fr: 'Réponds en français, de façon concise ; une citation des extraits reste telle qu’elle est écrite.',
  en: 'Réponds en anglais, de façon concise ; une citation des extraits reste en français, telle qu’elle est écrite.',
};

/** Builds the messages: a French system prompt (answer only from the numbered passages, say plainly when they do not say, cite as [1], [2] after each claim, answer in `language` when given — the interface's — else in the question's, concise), the passages numbered [1]..[n] with "fileName, p. N", then the question. */
export function citedAnswerMessages(question: string, passages: SourcePassage[], language?: 'fr' | 'en'): ChatMessage[] {
  const numbered = passages.map((p, i) => `[${i + 1}] ${p.fileName}, p. ${p.page}\n${p.text.trim()}`).join('\n\n');
  const system = language ? SYSTEM_PROMPT.replace('Réponds dans la langue de la question, de façon concise.', ANSWER_LANGUAGE[language]) : SYSTEM_PROMPT;
  return [
    { role: 'system', content: system },
    { role: 'user', content: `Extraits :\n\n${numbered || '(aucun extrait)'}\n\nQuestion : ${question.trim()}` },
  ];
}

/** The passage's first characters, cut at a word. */
function excerptOf(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  if (flat.length <= EXCERPT_CHARS) return flat;
  const cut = flat.slice(0, EXCERPT_CHARS);
  const lastSpace = cut.lastIndexOf(' ');
  return `${(lastSpace > 0 ? cut.slice(0, lastSpace) : cut).replace(/[\s,;:.]+$/, '')}…`;
}

// "[1]", "[1, 2]", "[1;2]", with the spaces before it (dropped with a marker that names nothing).
const MARKER = /(\s*)\[(\d+(?:\s*[,;]\s*\d+)*)\]/g;
// What may still become a marker at the end of the text so far: held back until it is settled.
const OPEN_TAIL = /\s*(?:\[[\d,;\s]{0,20})?$/;

/** Rewrites markers as the stream goes: renumbered in order of first citation, unknown numbers dropped. */
function markerRewriter(passageCount: number) {
  const order: number[] = []; // passage indexes, in order of first citation
  const rewrite = (text: string) =>
    text.replace(MARKER, (_whole, space: string, list: string) => {
      const numbers = [...new Set(list.split(/[,;]/).map((n) => Number(n.trim())))].filter((n) => n >= 1 && n <= passageCount);
      if (numbers.length === 0) return '';
      const renumbered = numbers.map((n) => {
        if (!order.includes(n - 1)) order.push(n - 1);
        return order.indexOf(n - 1) + 1;
      });
      return `${space}[${renumbered.join(', ')}]`;
    });
  let pending = '';
  return {
    order,
    /** The text that is settled now. */
    push(chunk: string): string {
      pending += chunk;
      const held = OPEN_TAIL.exec(pending)?.[0] ?? '';
      const settled = pending.slice(0, pending.length - held.length);
      pending = held;
      return rewrite(settled);
    },
    /** The rest, at the end of the stream. */
    flush(): string {
      const rest = rewrite(pending);
      pending = '';
      return rest.trimEnd();
    },
  };
}

/** Streams the answer (onToken for each chunk), then keeps as citations only the passages the answer cites by [n] (in order of first citation, excerpt = the passage's first 300 chars trimmed to a word); markers that name no passage are dropped from the text. */
export async function answerWithCitations(
  llm: Llm,
  question: string,
  passages: SourcePassage[],
  options: { signal?: AbortSignal; onToken?: (chunk: string) => void; language?: 'fr' | 'en' },
): Promise<CitedAnswer> {
  const markers = markerRewriter(passages.length);
  let answer = '';
  // What onToken receives joins into the answer returned: the screen shows no marker that goes.
  const emit = (chunk: string) => {
    const text = answer ? chunk : chunk.trimStart();
    if (!text) return;
    answer += text;
    options.onToken?.(text);
  };
  for await (const chunk of llm.stream(citedAnswerMessages(question, passages, options.language), { signal: options.signal, temperature: 0.1 })) {
    emit(markers.push(chunk));
  }
  emit(markers.flush());
  const citations = markers.order.map((i) => {
    const p = passages[i]!;
    return { documentId: p.documentId, entry: p.entry, fileName: p.fileName, page: p.page, excerpt: excerptOf(p.text) };
  });
  return { answer, citations };
}
