// The DUME / ESPD (issue 26): read a buyer's request, write the company's response (XML and PDF).
export * from './model';
export { readEspdRequest, criterionType } from './read';
export { writeEspdResponse, espdAnswers, companySize, isValidSiret, responseLot } from './write';
export { espdResponsePdf } from './pdf';
export { FRENCH_DEFAULT_CRITERIA, criterionName, frenchArticle } from './criteria';
export type { EspdAnswer, EspdAnswerValue, EspdCriterionAnswers } from './answers';
