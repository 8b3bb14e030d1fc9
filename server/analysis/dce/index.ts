// The rules that read a DCE: pure functions of the documents' page texts, no I/O.
export { classifyDocument } from './classify';
export { extractFacts } from './facts';
export type * from './types';
