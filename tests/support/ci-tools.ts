import { expect, it } from 'vitest';

/**
 * A check that needs a tool (poppler, tesseract, LibreOffice, Java and Saxon) is skipped on a
 * machine without it, but CI installs every such tool (.ci/run): there, its absence is a failure,
 * so that no requirement's check silently stops running.
 */
export function requiredUnderCi(tool: string, present: boolean, packages: string) {
  it.runIf(!present && process.env.CI === 'true')(`has ${tool} under CI`, () => {
    expect.fail(`${tool} is missing under CI: .ci/run installs ${packages}`);
  });
}
