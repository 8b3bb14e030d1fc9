// A catalogue caught half-written (an editor saving it, a deploy copying it) must not fail the
// requests that translate their messages: the last good one is kept until the file parses.
import { describe, expect, it } from 'vitest';
import { mkdtempSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { catalogueFile } from '../../server/i18n';

describe('a catalogue file', () => {
  it('keeps the last good texts while the file is half-written, and takes the new ones once it parses', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'soumissio-catalogue-')), 'translation.json');
    const write = (body: string, second: number) => {
      writeFileSync(path, body);
      utimesSync(path, second, second);
    };
    write('{"app-name": "Soumissio"}', 1_000);
    expect(catalogueFile(path).texts['app-name']).toBe('Soumissio');
    write('{"app-name": "Soumis', 2_000);
    expect(catalogueFile(path).texts['app-name']).toBe('Soumissio');
    write('{"app-name": "Soumissio 2"}', 3_000);
    expect(catalogueFile(path).texts['app-name']).toBe('Soumissio 2');
  });

  it('refuses a first read that does not parse: there is nothing to fall back on', () => {
    const path = join(mkdtempSync(join(tmpdir(), 'soumissio-catalogue-')), 'translation.json');
    writeFileSync(path, '{"app-name": ');
    expect(() => catalogueFile(path)).toThrow(SyntaxError);
  });
});
