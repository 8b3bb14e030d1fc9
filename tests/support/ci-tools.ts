import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
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

/** Saxon-HE's jar when it and Java are installed (the Schematron checks of Factur-X and the DUME), else null. */
export function saxonJar(): string | null {
  const jar = [process.env.SAXON_JAR, '/usr/share/java/Saxon-HE.jar'].find((path): path is string => !!path && existsSync(path));
  if (!jar) return null;
  try {
    execFileSync('java', ['-version'], { stdio: 'ignore' });
    return jar;
  } catch {
    return null;
  }
}
