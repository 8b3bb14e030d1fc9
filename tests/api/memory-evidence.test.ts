// The analysis's evidence: a resume counts as the team's when it sits in a chart or when the memory
// names its person (a CV inserted from the editor's side panel), so "no CV" no longer shows then.
import { describe, expect, it } from 'vitest';
import { evidenceOf, type Resources } from '../../server/domains/memories/resources';

const resume = (fullName: string, positions: { chart: 'normal' | 'construction'; positionId: string }[] = []) => ({
  id: fullName,
  fullName,
  jobTitle: null,
  yearsExperience: null,
  certifications: [],
  skills: [],
  projects: [],
  positions,
});
const resources = (): Resources => ({
  charts: [{ type: 'construction', positions: [{ _id: 'cp', parentId: null, title: 'Chef de projet', name: 'Anne Vial' }] }],
  resumes: [resume('Anne Vial', [{ chart: 'construction', positionId: 'cp' }]), resume('Hugo Blanc'), resume('Léa Martin')],
  tasks: [],
  letters: [],
});

describe('staff evidence', () => {
  it('counts the resumes in a chart only when the text names nobody else', () => {
    expect(evidenceOf(resources(), "L'équipe est dirigée par la cheffe de projet.").staffResumes).toBe(1);
  });
  it('counts a resume whose person the memory names (a CV inserted), case aside', () => {
    const text = 'Hugo Blanc — Technicien laser, 6 ans.\nSource : CV de HUGO BLANC\nLéa Martin, conductrice de travaux.';
    expect(evidenceOf(resources(), text).staffResumes).toBe(3);
  });
  it('counts people named even without a chart', () => {
    const none = { ...resources(), charts: [] };
    expect(evidenceOf(none, '').staffResumes).toBe(0);
    expect(evidenceOf(none, 'Source : CV de Léa Martin').staffResumes).toBe(1);
  });
});
