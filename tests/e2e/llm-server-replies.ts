// What the fake model of tests/e2e/llm-server.ts answers, shared with the specs that check it.
export const LLM_ANSWER = "D'après le règlement de la consultation, les offres doivent parvenir au plus tard le mercredi 15 juillet 2026 à 12 h [1].";
/** The draft of a memory's section (the writing assistant asks "Rédige le contenu de cette section"). */
export const MEMORY_DRAFT = 'Nous réduisons les déchets du chantier de 40 % : emballages repris par le fabricant, pièces usagées recyclées en filière agréée.';

export const replyTo = (messages: { content: string }[]) => (messages.at(-1)?.content.includes('Rédige le contenu de cette section') ? MEMORY_DRAFT : LLM_ANSWER);
