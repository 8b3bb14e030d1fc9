// Suggestions of the writing assistant for stories and tests.
export const assistStreamingText = 'Notre système grave des pistes de 50 µm de largeur sur substrat FR4, ';
export const assistSuggestionText =
  'Notre système grave des pistes de 50 µm de largeur sur substrat FR4, avec un espacement minimal de 50 µm.\n\n### Répétabilité\n\nLa répétabilité de positionnement de ± 2 µm est contrôlée à chaque mise en service.';
export const assistTemplateText =
  "Présentez en deux ou trois phrases votre réponse à « Finesse de structuration laser » : ce que vous proposez, pourquoi c'est adapté à ce marché et ce que l'acheteur y gagne.\n\n### Exigences du CCTP à couvrir\n\nExigence : « Puissance laser d’au moins 20 W en continu » — Notre réponse : expliquez comment vous la respectez.";
export const assistNeedsModelError =
  "Aucun modèle de langue n'est configuré : reformuler, raccourcir, développer, traduire et corriger le français en ont besoin.";
export const assistFailedError = 'Le modèle de langue ne répond pas. Réessayez dans un moment.';
