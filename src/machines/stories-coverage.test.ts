import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { StateMachine, type AnyStateMachine, type AnyStateNode } from 'xstate';

// Every atomic state of every statechart in src/machines needs a story that declares it with
// `parameters: { machineStates: ['<machine id>.<state path>', …] }`. Machines built by a factory
// (the generic request machine) are named after the factory: `request.idle`.
const machineModules = import.meta.glob<Record<string, unknown>>('./*.machine.ts', { eager: true });
const root = join(__dirname, '..');

function machinesOf(file: string, module: Record<string, unknown>): AnyStateMachine[] {
  const found: AnyStateMachine[] = [];
  for (const [name, value] of Object.entries(module)) {
    if (value instanceof StateMachine) found.push(value);
    else if (typeof value === 'function' && /^create\w*Machine$/.test(name)) {
      const family = file.replace(/^\.\//, '').replace(/\.machine\.ts$/, '');
      found.push((value as (id: string) => AnyStateMachine)(family));
    }
  }
  return found;
}

function atomicStates(node: AnyStateNode, path: string[] = []): string[] {
  const children = Object.values(node.states) as AnyStateNode[];
  if (children.length === 0) return [[node.machine.id, ...path].join('.')];
  return children.flatMap((child) => atomicStates(child, [...path, child.key]));
}

function storyFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return storyFiles(full);
    return entry.name.endsWith('.stories.tsx') ? [full] : [];
  });
}

function declaredStates(): Map<string, string[]> {
  const declared = new Map<string, string[]>();
  for (const file of storyFiles(root)) {
    const text = readFileSync(file, 'utf8');
    for (const match of text.matchAll(/machineStates:\s*\[([^\]]*)\]/g)) {
      for (const state of match[1]!.matchAll(/'([^']+)'|"([^"]+)"/g)) {
        const id = state[1] ?? state[2]!;
        declared.set(id, [...(declared.get(id) ?? []), relative(root, file)]);
      }
    }
  }
  return declared;
}

describe('a story for every atomic state of every statechart', () => {
  const declared = declaredStates();
  const all = Object.entries(machineModules).flatMap(([file, module]) => machinesOf(file, module).flatMap((machine) => atomicStates(machine.root)));

  it('finds the machines of src/machines', () => {
    expect(all).toEqual(expect.arrayContaining(['session.signedIn', 'request.idle', 'drawer.open', 'notifications', 'toastTimer.shown']));
  });

  it.each(Object.keys(machineModules))('%s', (file) => {
    const states = machinesOf(file, machineModules[file]!).flatMap((machine) => atomicStates(machine.root));
    const missing = states.filter((state) => !declared.has(state));
    expect(missing, `states of ${file} without a story declaring them in parameters.machineStates`).toEqual([]);
  });

  it('declares only states that exist', () => {
    const unknown = [...declared.keys()].filter((state) => !all.includes(state));
    expect(unknown).toEqual([]);
  });
});
