// Reading a CV with a language model configured (a fake OpenAI-compatible server on 127.0.0.1):
// the fields the rules missed and nobody typed are asked in one JSON request with the CV's text;
// an answer is kept in its field's shape and only with values the CV holds; a failing model
// leaves the rules' result.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Document, Packer, Paragraph } from 'docx';
import { createTestApp, createUser, type TestContext } from './context';
import { formRequest } from './documents-fixtures';
import { startFakeOpenAi, type FakeMessage, type FakeReply } from '../support/fake-openai';

type Resume = { _id: string; fullName: string; jobTitle: string | null; yearsExperience: number | null; skills: string[]; certifications: { name: string; validUntil: string | null }[]; parseStatus: string; filledFrom: Record<string, string> };

let ctx: TestContext;
let fake: Awaited<ReturnType<typeof startFakeOpenAi>>;
let manager: Awaited<ReturnType<typeof createUser>>;
let reply: (messages: FakeMessage[]) => FakeReply = () => ({ status: 500 });
let asked: FakeMessage[][] = [];

// "Nom : …" and "Poste : …" are no header the rules read: the name and title are the model's to find.
const LINES = [
  'Nom : Karim HADDAD',
  'Poste : Technicien de maintenance CVC',
  "11 ans d'expérience en génie climatique",
  'Habilitations',
  "Habilitation électrique BR – valable jusqu'au 06/2027",
  'Attestation d’aptitude fluides frigorigènes catégorie I – obtenue en 2018',
  'Mes points forts',
  'Dépannage de pompes à chaleur, régulation, contrats de maintenance multisites',
];
const cvDocx = () => Packer.toBuffer(new Document({ sections: [{ children: LINES.map((text) => new Paragraph(text)) }] }));
const askedFields = (messages: FakeMessage[]) => [...messages.find((m) => m.role === 'user')!.content.matchAll(/^- (\w+) : /gm)].map((m) => m[1]).sort();

beforeAll(async () => {
  fake = await startFakeOpenAi({
    apiKey: 'k',
    reply: (messages) => {
      asked.push(messages);
      return reply(messages);
    },
  });
  ctx = await createTestApp({ jobWorkers: 1, llm: { baseUrl: fake.url, apiKey: 'k', model: 'm', maxRetries: 0 } });
  manager = await createUser(ctx, 'manager');
}, 60_000);
afterAll(async () => {
  await ctx?.close();
  await fake?.close();
});

async function uploadAndRead(fields: Record<string, string>): Promise<Resume> {
  const res = await ctx.app.inject(formRequest('POST', `/api/companies/${manager.companyId}/resumes`, manager.token, fields, { filename: 'CV Karim.docx', data: await cvDocx() }));
  expect(res.statusCode, res.body).toBe(201);
  const id = (res.json() as { details: Resume }).details._id;
  for (const end = Date.now() + 60_000; ; ) {
    const resume = (await ctx.app.inject({ method: 'GET', url: `/api/resumes/${id}`, headers: { authorization: `Bearer ${manager.token}` } })).json() as Resume;
    if (resume.parseStatus !== 'parsing') return resume;
    if (Date.now() > end) throw new Error('still parsing');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('a CV read with a language model', () => {
  it('fills what the rules missed, never what the user typed, and drops what the CV does not say', async () => {
    asked = [];
    reply = () =>
      JSON.stringify({
        fields: {
          fullName: 'Karim Haddad',
          // Not asked (typed by the user): ignored even if answered.
          jobTitle: 'Frigoriste',
          skills: ['Dépannage de pompes à chaleur', 'régulation', 'Soudure TIG'],
          languages: [{ language: 'Anglais', level: 'courant' }],
          education: 'BTS',
        },
      });
    const resume = await uploadAndRead({ jobTitle: 'Technicien CVC' });
    expect(asked).toHaveLength(1);
    // The rules found the years and the certifications; the user typed the title.
    expect(askedFields(asked[0]!)).toEqual(['education', 'experiences', 'fullName', 'languages', 'projects', 'skills']);
    expect(asked[0]!.find((m) => m.role === 'user')!.content).toContain('Nom : Karim HADDAD');
    expect(resume).toMatchObject({ parseStatus: 'parsed', fullName: 'Karim Haddad', jobTitle: 'Technicien CVC', yearsExperience: 11 });
    expect(resume.certifications.map((c) => c.validUntil)).toContain('2027-06-30');
    // "Soudure TIG" and English are nowhere in the CV: dropped; "BTS" is no list: dropped.
    expect(resume.skills).toEqual(['Dépannage de pompes à chaleur', 'régulation']);
    expect(resume.filledFrom).toEqual({ fullName: 'llm', skills: 'llm', yearsExperience: 'rules', certifications: 'rules' });
  });

  it('a failing model leaves the rules’ result', async () => {
    asked = [];
    reply = () => ({ status: 500 });
    const resume = await uploadAndRead({});
    expect(asked.length).toBeGreaterThanOrEqual(1);
    expect(resume).toMatchObject({ parseStatus: 'parsed', yearsExperience: 11, skills: [] });
    expect(resume.certifications).toHaveLength(2);
    // No name found by the rules and none from the model: the file's name, the last resort.
    expect(resume.fullName).toBe('Karim');
    expect(resume.filledFrom).toEqual({ yearsExperience: 'rules', certifications: 'rules' });
  });
});
