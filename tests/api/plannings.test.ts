import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import type { components } from '../../openapi/schema';
import { planningTasks, plannings, tenderCalls, tenders } from '../../server/db/schema';
import { DEMO_ACCOUNTS, seed } from '../../server/db/seed';
import { dayIn } from '../../rules/calendar';
import { createTestApp, createUser, errorOf, type TestContext } from './context';
import { insertTender } from './documents-fixtures';

type Planning = components['schemas']['Planning'];
type WriteResult = components['schemas']['PlanningWriteResult'];

let ctx: TestContext;
let admin: Awaited<ReturnType<typeof createUser>>;
let managerA: Awaited<ReturnType<typeof createUser>>;
let employeeA: Awaited<ReturnType<typeof createUser>>;
let managerB: Awaited<ReturnType<typeof createUser>>;

beforeAll(async () => {
  ctx = await createTestApp();
  admin = await createUser(ctx, 'admin');
  managerA = await createUser(ctx, 'manager');
  employeeA = await createUser(ctx, 'employee', { companyId: managerA.companyId });
  managerB = await createUser(ctx, 'manager');
});
afterAll(() => ctx?.close());

const send = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: unknown, lang = 'fr') =>
  ctx.app.inject({ method, url, payload: payload as never, headers: { authorization: `Bearer ${token}`, 'accept-language': lang } });

const analyse = { name: 'Analyse du DCE', startDate: '2026-11-24', endDate: '2026-11-27' };
const chiffrage = { name: 'Chiffrage', startDate: '2026-11-30', endDate: '2026-12-04' };
const depot = { name: 'Dépôt sur la plateforme', startDate: '2026-12-10', endDate: '2026-12-10', milestone: true };

/** A fresh tender of company A with a planning of the given tasks. */
async function plannedTender(tasks: unknown[] = [analyse, chiffrage, depot]) {
  const tender = await insertTender(ctx, managerA.companyId!);
  const res = await send(managerA.token, 'POST', '/api/plannings', { tenderId: tender.id, tasks });
  expect(res.statusCode).toBe(201);
  return { tenderId: tender.id, planning: (res.json() as WriteResult).planning };
}

/** What the database holds for a planning, to show that a refused write changed nothing. */
async function stored(planningId: string) {
  const [row] = await ctx.db.select({ updatedAt: plannings.updatedAt }).from(plannings).where(eq(plannings.id, planningId));
  const tasks = await ctx.db.select().from(planningTasks).where(eq(planningTasks.planningId, planningId));
  return { updatedAt: row?.updatedAt.toISOString(), tasks: tasks.map((task) => [task.id, task.position, task.name, task.startDate, task.endDate, task.done, task.milestone].join('|')).sort() };
}

const names = (planning: Planning) => planning.tasks.map((task) => task.name);

describe('reading and starting a planning', () => {
  it('answers 404 planning-not_found for a tender without a planning, then the created one with the call key dates', async () => {
    const tender = await insertTender(ctx, managerA.companyId!);
    const questions = new Date('2026-12-01T12:00:00Z');
    await ctx.db.update(tenderCalls).set({ questionsDeadline: questions }).where(eq(tenderCalls.id, tender.callId));

    const missing = await send(managerA.token, 'GET', `/api/plannings/tender/${tender.id}`);
    expect(missing.statusCode).toBe(404);
    expect(errorOf(missing)).toMatchObject({ msgType: 'planning-not_found', msg: "Cet appel d'offres n'a pas encore de planning." });

    const created = await send(employeeA.token, 'POST', '/api/plannings', { tenderId: tender.id, tasks: [{ ...analyse, name: '  Analyse du DCE  ' }, chiffrage] });
    expect(created.statusCode).toBe(201);
    const body = created.json() as WriteResult;
    expect(body.msg).toBe('Planning créé.');
    expect(body.planning).toMatchObject({ tenderId: tender.id, companyId: managerA.companyId });
    expect(body.planning.tasks).toEqual([
      { _id: expect.any(String), name: 'Analyse du DCE', startDate: '2026-11-24', endDate: '2026-11-27', done: false, milestone: false },
      { _id: expect.any(String), name: 'Chiffrage', startDate: '2026-11-30', endDate: '2026-12-04', done: false, milestone: false },
    ]);
    expect(body.planning.keyDates.questionsDeadline).toBe(questions.toISOString());
    expect(body.planning.keyDates.siteVisitDate).toBeNull();
    expect(body.planning.keyDates.submissionDeadline).toEqual(expect.any(String));

    const read = await send(managerA.token, 'GET', `/api/plannings/tender/${tender.id}`);
    expect(read.statusCode).toBe(200);
    expect(read.json()).toEqual(body.planning);
  });

  it('refuses a second planning for the same tender with 409', async () => {
    const { tenderId } = await plannedTender();
    const again = await send(managerA.token, 'POST', '/api/plannings', { tenderId, tasks: [] }, 'en');
    expect(again.statusCode).toBe(409);
    expect(errorOf(again)).toMatchObject({ msgType: 'planning-already_exists', msg: 'This tender already has a planning.' });
    expect(await ctx.db.select().from(plannings).where(eq(plannings.tenderId, tenderId))).toHaveLength(1);
  });

  it('creates nothing when a task is invalid, naming the task index in the details', async () => {
    const tender = await insertTender(ctx, managerA.companyId!);
    const res = await send(managerA.token, 'POST', '/api/plannings', { tenderId: tender.id, tasks: [analyse, { name: 'Chiffrage', startDate: '2026-12-04', endDate: '2026-12-01' }] });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res)).toMatchObject({
      msgType: 'planning-end_before_start',
      msg: 'La date de fin ne peut pas précéder la date de début.',
      details: [{ field: 'tasks.1.endDate', msg: 'La date de fin ne peut pas précéder la date de début.' }],
    });
    expect(await ctx.db.select().from(plannings).where(eq(plannings.tenderId, tender.id))).toHaveLength(0);
  });
});

describe('the rules of a task (400, never a 500, nothing written)', () => {
  const cases: [string, Record<string, unknown>, string, string][] = [
    ['a name of spaces', { name: '   ', startDate: '2026-11-24', endDate: '2026-11-24' }, 'tasks.0.name', 'planning-name_required'],
    ['an end before its start', { name: 'Chiffrage', startDate: '2026-11-24', endDate: '2026-11-23' }, 'tasks.0.endDate', 'planning-end_before_start'],
    ['a milestone over two days', { name: 'Dépôt', startDate: '2026-11-24', endDate: '2026-11-25', milestone: true }, 'tasks.0.endDate', 'planning-milestone_one_day'],
    ['a day before 2000', { name: 'Chiffrage', startDate: '1999-12-31', endDate: '2026-11-25' }, 'tasks.0.startDate', 'planning-date_out_of_range'],
    ['a day after 2100', { name: 'Chiffrage', startDate: '2026-11-24', endDate: '2101-01-01' }, 'tasks.0.endDate', 'planning-date_out_of_range'],
  ];
  it.each(cases)('refuses %s on the whole-list update', async (_label, task, field, key) => {
    const { planning } = await plannedTender();
    const before = await stored(planning._id);
    const res = await send(managerA.token, 'PATCH', `/api/plannings/${planning._id}`, { tasks: [task], version: planning.version });
    expect(res.statusCode).toBe(400);
    const error = errorOf(res);
    expect(error.msgType).toBe(key);
    expect(error.details).toEqual([{ field, msg: expect.any(String) }]);
    expect(await stored(planning._id)).toEqual(before);
  });

  it('refuses a day that is not on the calendar (30 February) before any handler runs', async () => {
    const { planning } = await plannedTender();
    const before = await stored(planning._id);
    const res = await send(managerA.token, 'POST', `/api/plannings/${planning._id}/tasks`, { task: { name: 'Chiffrage', startDate: '2026-02-30', endDate: '2026-03-02' } });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).details).toEqual([{ field: 'task.startDate', msg: expect.any(String) }]);
    expect(await stored(planning._id)).toEqual(before);
  });

  it('checks a partial update once merged with the stored task', async () => {
    const { planning } = await plannedTender();
    const [first] = planning.tasks;
    const before = await stored(planning._id);
    // The stored start is 2026-11-24: an end on the 23rd alone is before it.
    const byPath = await send(managerA.token, 'PATCH', `/api/plannings/${planning._id}/tasks/${first!._id}`, { endDate: '2026-11-23' }, 'en');
    expect(byPath.statusCode).toBe(400);
    expect(errorOf(byPath)).toMatchObject({ msgType: 'planning-end_before_start', msg: 'The end date cannot be before the start date.', details: [{ field: 'endDate' }] });
    const byBody = await send(managerA.token, 'PATCH', `/api/plannings/${planning._id}/tasks`, { taskId: first!._id, updates: { milestone: true } });
    expect(byBody.statusCode).toBe(400);
    expect(errorOf(byBody).msgType).toBe('planning-milestone_one_day');
    const blank = await send(managerA.token, 'PATCH', `/api/plannings/${planning._id}/tasks/${first!._id}`, { name: ' ' });
    expect(blank.statusCode).toBe(400);
    expect(errorOf(blank).msgType).toBe('planning-name_required');
    expect(await stored(planning._id)).toEqual(before);
  });
});

describe('replacing the task list', () => {
  it('keeps the ids it is given, creates the new ones, removes the others and follows the list order', async () => {
    const { planning } = await plannedTender();
    const [a, c, d] = planning.tasks;
    const res = await send(managerA.token, 'PATCH', `/api/plannings/${planning._id}`, {
      tasks: [
        { _id: d!._id, name: d!.name, startDate: d!.startDate, endDate: d!.endDate, milestone: true },
        { name: 'Visite de site', startDate: '2026-11-26', endDate: '2026-11-26', milestone: true },
        { _id: a!._id, name: 'Analyse du DCE et du RC', startDate: a!.startDate, endDate: a!.endDate, done: true },
      ],
      version: planning.version,
    });
    expect(res.statusCode).toBe(200);
    const updated = (res.json() as WriteResult).planning;
    expect(names(updated)).toEqual(['Dépôt sur la plateforme', 'Visite de site', 'Analyse du DCE et du RC']);
    expect(updated.tasks[0]!._id).toBe(d!._id);
    expect(updated.tasks[2]).toMatchObject({ _id: a!._id, done: true });
    expect(updated.tasks.map((task) => task._id)).not.toContain(c!._id);
    expect(new Date(updated.updatedAt).getTime()).toBeGreaterThan(new Date(planning.updatedAt).getTime());
    const read = await send(managerA.token, 'GET', `/api/plannings/tender/${planning.tenderId}`);
    expect(read.json()).toEqual(updated);
  });

  it('refuses an _id of another planning (or twice the same) and writes nothing', async () => {
    const { planning } = await plannedTender();
    const other = await plannedTender();
    const before = await stored(planning._id);
    const [a] = planning.tasks;
    const foreign = await send(managerA.token, 'PATCH', `/api/plannings/${planning._id}`, {
      tasks: [{ _id: a!._id, ...analyse }, { _id: other.planning.tasks[0]!._id, ...chiffrage }],
      version: planning.version,
    });
    expect(foreign.statusCode).toBe(400);
    expect(errorOf(foreign)).toMatchObject({ msgType: 'planning-unknown_task', details: [{ field: 'tasks.1._id' }] });
    const twice = await send(managerA.token, 'PATCH', `/api/plannings/${planning._id}`, { tasks: [{ _id: a!._id, ...analyse }, { _id: a!._id, ...chiffrage }], version: planning.version });
    expect(twice.statusCode).toBe(400);
    expect(await stored(planning._id)).toEqual(before);
    expect((await stored(other.planning._id)).tasks).toHaveLength(3);
  });

  it('empties the planning with an empty list', async () => {
    const { planning } = await plannedTender();
    const res = await send(managerA.token, 'PATCH', `/api/plannings/${planning._id}`, { tasks: [], version: planning.version });
    expect(res.statusCode).toBe(200);
    expect((res.json() as WriteResult).planning.tasks).toEqual([]);
  });
});

describe('one task at a time', () => {
  it('adds a task at the end, updates only the given fields by path or by body, and deletes it', async () => {
    const { planning } = await plannedTender([analyse]);
    const added = await send(employeeA.token, 'POST', `/api/plannings/${planning._id}/tasks`, { task: chiffrage });
    expect(added.statusCode).toBe(201);
    const afterAdd = added.json() as WriteResult;
    expect(afterAdd.msg).toBe('Tâche ajoutée.');
    expect(names(afterAdd.planning)).toEqual(['Analyse du DCE', 'Chiffrage']);
    const taskId = afterAdd.planning.tasks[1]!._id;

    const moved = await send(managerA.token, 'PATCH', `/api/plannings/${planning._id}/tasks/${taskId}`, { startDate: '2026-12-01', endDate: '2026-12-08' });
    expect(moved.statusCode).toBe(200);
    expect((moved.json() as WriteResult).planning.tasks[1]).toEqual({ _id: taskId, name: 'Chiffrage', startDate: '2026-12-01', endDate: '2026-12-08', done: false, milestone: false });

    const done = await send(managerA.token, 'PATCH', `/api/plannings/${planning._id}/tasks`, { taskId, updates: { done: true, name: ' Chiffrage des lots ' } }, 'en');
    expect(done.statusCode).toBe(200);
    expect((done.json() as WriteResult).msg).toBe('Task updated.');
    expect((done.json() as WriteResult).planning.tasks[1]).toEqual({ _id: taskId, name: 'Chiffrage des lots', startDate: '2026-12-01', endDate: '2026-12-08', done: true, milestone: false });

    const removed = await send(managerA.token, 'DELETE', `/api/plannings/${planning._id}/tasks/${taskId}`);
    expect(removed.statusCode).toBe(200);
    expect(names((removed.json() as WriteResult).planning)).toEqual(['Analyse du DCE']);
  });

  it('answers 404 planning-task_not_found for a task of another planning or a deleted one', async () => {
    const { planning } = await plannedTender();
    const other = await plannedTender();
    const foreignTask = other.planning.tasks[0]!._id;
    const before = await stored(other.planning._id);
    for (const res of [
      await send(managerA.token, 'PATCH', `/api/plannings/${planning._id}/tasks/${foreignTask}`, { name: 'Volé' }),
      await send(managerA.token, 'PATCH', `/api/plannings/${planning._id}/tasks`, { taskId: foreignTask, updates: { done: true } }),
      await send(managerA.token, 'DELETE', `/api/plannings/${planning._id}/tasks/${foreignTask}`),
    ]) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).msgType).toBe('planning-task_not_found');
    }
    expect(await stored(other.planning._id)).toEqual(before);
  });

  it('refuses a task beyond the 200 a planning holds, as the list form does', async () => {
    const full = Array.from({ length: 200 }, (_, i) => ({ name: `Tâche ${i + 1}`, startDate: '2026-12-01', endDate: '2026-12-02' }));
    const { planning } = await plannedTender(full);
    const before = await stored(planning._id);
    const res = await send(managerA.token, 'POST', `/api/plannings/${planning._id}/tasks`, { task: chiffrage });
    expect(res.statusCode).toBe(400);
    expect(errorOf(res).msg).toBe("Un planning compte au plus 200 tâches : supprimez-en une avant d'en ajouter.");
    expect(await stored(planning._id)).toEqual(before);
    expect((await send(managerA.token, 'POST', '/api/plannings', { tenderId: (await insertTender(ctx, managerA.companyId!)).id, tasks: [...full, chiffrage] })).statusCode).toBe(400);
  });

  it('refuses an empty update and an unknown field by the contract', async () => {
    const { planning } = await plannedTender();
    const taskId = planning.tasks[0]!._id;
    expect((await send(managerA.token, 'PATCH', `/api/plannings/${planning._id}/tasks/${taskId}`, {})).statusCode).toBe(400);
    expect((await send(managerA.token, 'PATCH', `/api/plannings/${planning._id}/tasks/${taskId}`, { position: 3 })).statusCode).toBe(400);
  });
});

describe('lost updates (optimistic concurrency)', () => {
  const asInput = (task: Planning['tasks'][number]) => ({ _id: task._id, name: task.name, startDate: task.startDate, endDate: task.endDate, done: task.done, milestone: task.milestone });

  it('refuses a stale whole-list replace with 409 and the current planning, and keeps what the other user added', async () => {
    const { planning } = await plannedTender([analyse, chiffrage]);
    expect(planning.version).toBe(1);
    // Two users read version 1. The first adds a task and saves the list.
    const first = await send(managerA.token, 'PATCH', `/api/plannings/${planning._id}`, { tasks: [...planning.tasks.map(asInput), depot], version: 1 });
    expect(first.statusCode).toBe(200);
    const theirs = (first.json() as WriteResult).planning;
    expect(theirs.version).toBe(2);
    const before = await stored(planning._id);

    // The second, still on version 1, removes "Chiffrage": without the check, "Dépôt" would go too.
    for (const lang of ['fr', 'en']) {
      const stale = await send(employeeA.token, 'PATCH', `/api/plannings/${planning._id}`, { tasks: [asInput(planning.tasks[0]!)], version: 1 }, lang);
      expect(stale.statusCode).toBe(409);
      expect(errorOf(stale)).toMatchObject({
        msgType: 'planning-conflict',
        msg:
          lang === 'fr'
            ? "Quelqu'un a modifié ce planning depuis que vous l'avez ouvert : rien n'a été enregistré. Comparez ses changements aux vôtres."
            : 'Someone changed this planning since you opened it: nothing was saved. Compare their changes with yours.',
        details: theirs,
      });
    }
    expect(await stored(planning._id)).toEqual(before);

    // Drawn again from version 2, the same change goes through and "Dépôt" stays.
    const merged = await send(employeeA.token, 'PATCH', `/api/plannings/${planning._id}`, { tasks: [asInput(theirs.tasks[0]!), asInput(theirs.tasks[2]!)], version: 2 });
    expect(merged.statusCode).toBe(200);
    expect(names((merged.json() as WriteResult).planning)).toEqual(['Analyse du DCE', 'Dépôt sur la plateforme']);
    expect((merged.json() as WriteResult).planning.version).toBe(3);
  });

  it('lets one of two simultaneous replaces of the same version through, the other gets 409', async () => {
    const { planning } = await plannedTender([analyse]);
    const results = await Promise.all(
      ['Chiffrage A', 'Chiffrage B'].map((name) => send(managerA.token, 'PATCH', `/api/plannings/${planning._id}`, { tasks: [...planning.tasks.map(asInput), { ...chiffrage, name }], version: 1 })),
    );
    expect(results.map((res) => res.statusCode).sort()).toEqual([200, 409]);
    const read = (await send(managerA.token, 'GET', `/api/plannings/tender/${planning.tenderId}`)).json() as Planning;
    expect(read.version).toBe(2);
    expect(read.tasks).toHaveLength(2);
  });

  it('takes single-task writes without a version (they merge) and counts them, so a replace drawn before them is stale', async () => {
    const { planning } = await plannedTender([analyse, chiffrage]);
    const [a, c] = planning.tasks;
    // Two users on version 1 each tick a different task: both ticks stay.
    const one = await send(managerA.token, 'PATCH', `/api/plannings/${planning._id}/tasks/${a!._id}`, { done: true });
    const two = await send(employeeA.token, 'PATCH', `/api/plannings/${planning._id}/tasks`, { taskId: c!._id, updates: { done: true } });
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const added = await send(employeeA.token, 'POST', `/api/plannings/${planning._id}/tasks`, { task: depot });
    const after = (added.json() as WriteResult).planning;
    expect(after.tasks.map((task) => task.done)).toEqual([true, true, false]);
    expect(after.version).toBe(4);
    // A whole list drawn from version 1 would undo the ticks and drop the added task.
    const stale = await send(managerA.token, 'PATCH', `/api/plannings/${planning._id}`, { tasks: planning.tasks.map(asInput), version: 1 });
    expect(stale.statusCode).toBe(409);
    expect(errorOf(stale).details).toEqual(after);
  });

  it('refuses a replace without a version, or with one out of range, by the contract', async () => {
    const { planning } = await plannedTender([analyse]);
    const before = await stored(planning._id);
    for (const version of [undefined, 0, 2 ** 31, 1.5, '1']) {
      const res = await send(managerA.token, 'PATCH', `/api/plannings/${planning._id}`, { tasks: [], version });
      expect(res.statusCode).toBe(400);
    }
    expect(await stored(planning._id)).toEqual(before);
  });
});

describe('scope: the tender company, admins everywhere', () => {
  it('answers 404 to another company on every call and leaves its planning untouched', async () => {
    const { tenderId, planning } = await plannedTender();
    const taskId = planning.tasks[0]!._id;
    const before = await stored(planning._id);
    const calls = [
      send(managerB.token, 'GET', `/api/plannings/tender/${tenderId}`),
      send(managerB.token, 'POST', '/api/plannings', { tenderId, tasks: [] }),
      send(managerB.token, 'PATCH', `/api/plannings/${planning._id}`, { tasks: [], version: planning.version }),
      send(managerB.token, 'POST', `/api/plannings/${planning._id}/tasks`, { task: chiffrage }),
      send(managerB.token, 'PATCH', `/api/plannings/${planning._id}/tasks`, { taskId, updates: { done: true } }),
      send(managerB.token, 'PATCH', `/api/plannings/${planning._id}/tasks/${taskId}`, { done: true }),
      send(managerB.token, 'DELETE', `/api/plannings/${planning._id}/tasks/${taskId}`),
    ];
    for (const res of await Promise.all(calls)) {
      expect(res.statusCode).toBe(404);
      expect(errorOf(res).msgType).toBe('common-not_found');
    }
    expect(await stored(planning._id)).toEqual(before);
  });

  it('answers 404 for an unknown tender or planning', async () => {
    const unknown = '00000000-0000-4000-8000-000000000001';
    expect((await send(managerA.token, 'GET', `/api/plannings/tender/${unknown}`)).statusCode).toBe(404);
    expect((await send(managerA.token, 'POST', '/api/plannings', { tenderId: unknown, tasks: [] })).statusCode).toBe(404);
    expect((await send(managerA.token, 'PATCH', `/api/plannings/${unknown}`, { tasks: [], version: 1 })).statusCode).toBe(404);
  });

  it('lets an admin read and write any company planning', async () => {
    const { tenderId, planning } = await plannedTender();
    expect((await send(admin.token, 'GET', `/api/plannings/tender/${tenderId}`)).statusCode).toBe(200);
    const res = await send(admin.token, 'PATCH', `/api/plannings/${planning._id}/tasks/${planning.tasks[0]!._id}`, { done: true });
    expect(res.statusCode).toBe(200);
    expect((res.json() as WriteResult).planning.tasks[0]!.done).toBe(true);
  });
});

describe('the database guards the dates too', () => {
  it('refuses a task row whose end is before its start', async () => {
    const { planning } = await plannedTender();
    await expect(ctx.db.insert(planningTasks).values({ planningId: planning._id, position: 9, name: 'x', startDate: '2026-11-24', endDate: '2026-11-23' })).rejects.toThrow();
  });
});

describe('the demo seed', () => {
  it('plans the demo tender in progress once, with the call key dates as milestones', async () => {
    await seed(ctx.db, { demo: true, print: () => undefined });
    await seed(ctx.db, { demo: true, print: () => undefined });
    const login = await ctx.app.inject({ method: 'POST', url: '/api/users/login', payload: { email: DEMO_ACCOUNTS.manager.email, password: DEMO_ACCOUNTS.manager.password } });
    const token = (login.json() as { token: string }).token;
    const [working] = await ctx.db.select({ id: tenders.id }).from(tenders).innerJoin(tenderCalls, eq(tenderCalls.id, tenders.tenderCallId)).where(eq(tenderCalls.reference, '26-101245'));
    const res = await send(token, 'GET', `/api/plannings/tender/${working!.id}`);
    expect(res.statusCode).toBe(200);
    const planning = res.json() as Planning;
    expect(names(planning)).toEqual([
      'Analyse du DCE',
      'Visite de site',
      'Date limite des questions',
      'Rédaction du mémoire technique',
      'Chiffrage',
      'Relecture et signature',
      'Dépôt sur la plateforme',
    ]);
    const milestones = planning.tasks.filter((task) => task.milestone).map((task) => task.startDate);
    const { questionsDeadline, siteVisitDate, submissionDeadline } = planning.keyDates;
    expect(milestones).toEqual([dayIn(siteVisitDate!), dayIn(questionsDeadline!), dayIn(submissionDeadline)]);
    for (const task of planning.tasks) expect(task.endDate >= task.startDate).toBe(true);
  });
});
