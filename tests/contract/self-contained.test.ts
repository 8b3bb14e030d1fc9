import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, relative, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';

// A clone of the repository has no fixture folder beside it: whatever the tests, the demo, the scripts and the
// benchmarks read must be inside it (tests/fixtures/ keeps the copies with their sources).
describe('the repository is self-contained', () => {
  const files = execFileSync('git', ['ls-files', 'src', 'server', 'tests', 'bench', 'scripts', '.ci', '*.ts', '*.js', '*.json'], { encoding: 'utf8' })
    .split('\n')
    .filter((f) => /\.(ts|tsx|js|mjs|cjs|json|sh)$|^\.ci\//.test(f) && f !== 'tests/contract/self-contained.test.ts' && f !== 'package-lock.json');

  it('reads nothing from a shared folder beside it', () => {
    const root = process.cwd();
    const escapes = (file: string, path: string) => relative(root, resolve(dirname(file), path)).startsWith('..');
    const outside = files.filter((f) => [...readFileSync(f, 'utf8').matchAll(/(?:\.\.\/)+shared\/[^'"`\s]*/g)].some(([path]) => escapes(f, path)));
    expect(outside).toEqual([]);
  });

  it('keeps the real DCE the end-to-end tests upload', () => {
    expect(files).toContain('tests/e2e/tenders.spec.ts');
    const sources = readFileSync('tests/fixtures/SOURCES.md', 'utf8');
    expect(sources).toContain('grenoble-inp_2026FCSSA0025');
    expect(readFileSync('tests/fixtures/dce/grenoble-inp_2026FCSSA0025/RC_2026FCSSA0025 v2.pdf').subarray(0, 5).toString()).toBe('%PDF-');
  });
});
