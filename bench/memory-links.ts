// `npm run bench:links [-- --set NAME] [--misses]` (issue 23): how well the memory outline links
// CCTP requirements to its sections, against the hand labels of tests/fixtures/section-labels.
// Each labelled set is read as the product reads it and its outline drawn from the labelled award
// criteria (tests/support/section-links.ts). Precision = right links / links made among the
// labelled requirements (a link on a requirement labelled "none" is wrong); recall = right links /
// requirements labelled with a section. Prints markdown tables (for docs/dce-analysis.md); never
// fails on the figures (exit 1 on a crash only). `--misses` lists every wrong link and every
// labelled link not made.
import { loadavg } from 'node:os';
import { LINK_MARGIN, LINK_MIN_HEADING_SCORE, LINK_MIN_SCORE } from '../server/domains/memories/links';
import { countLinks, judgeLinks, outlineOf, precisionOf, readLabelledSet, recallOf, requirementsOf, sectionLabels, type LinkCount, type LinkOutcome } from '../tests/support/section-links';

const TARGET = { precision: 0.9 };

function table(head: string[], rows: (string | number)[][]) {
  const cells = [head, ...rows.map((row) => row.map(String))];
  const widths = head.map((_, at) => Math.max(...cells.map((row) => (row[at] ?? '').length)));
  const line = (row: string[]) => `| ${row.map((cell, at) => cell.padEnd(widths[at] ?? 0)).join(' | ')} |`;
  console.info([line(head), `|${widths.map((w) => '-'.repeat(w + 2)).join('|')}|`, ...cells.slice(1).map(line)].join('\n'));
}

const ratio = (value: number) => value.toFixed(2);
const ms = (x: number) => (x >= 10_000 ? `${(x / 1000).toFixed(1)} s` : `${Math.round(x)} ms`);

async function main() {
  const argv = process.argv.slice(2);
  const at = argv.indexOf('--set');
  const only = at >= 0 ? argv[at + 1] : undefined;
  const labels = sectionLabels().filter((label) => !only || label.set === only);
  if (!labels.length) {
    console.error(`bench:links: no section labels${only ? ` for set "${only}"` : ''}`);
    process.exitCode = 2;
    return;
  }
  console.info(`# bench:links, ${new Date().toISOString().slice(0, 10)}, load ${loadavg()[0]!.toFixed(1)}`);
  console.info(
    `\nmémoire links: a requirement goes to a section when its CCTP headings score ≥ ${LINK_MIN_HEADING_SCORE} for it, or else its text and headings ≥ ${LINK_MIN_SCORE}, ` +
      `each ≥ ${LINK_MARGIN} × the runner-up's; otherwise to "Exigences du CCTP". Outlines drawn from the labelled criteria.\n`,
  );
  const rows: (string | number)[][] = [];
  const all: LinkOutcome[] = [];
  const misses: string[] = [];
  for (const label of labels) {
    const started = performance.now();
    const read = await readLabelledSet(label.set);
    const requirements = requirementsOf(read);
    const readMs = performance.now() - started;
    const outlined = performance.now();
    const sections = outlineOf(read, requirements);
    const outlineMs = performance.now() - outlined;
    const outcomes = judgeLinks(label, requirements, sections);
    all.push(...outcomes);
    const c = countLinks(outcomes);
    const sectionCount = sections.filter((s) => s.criterion).length;
    const leftover = sections.find((s) => !s.criterion)?.requirementIds.length ?? 0;
    rows.push([label.set, requirements.length, requirements.length - leftover, sectionCount, c.labelled, c.found, c.expectedLinks, c.linked, c.right, c.wrongOnNone, ratio(precisionOf(c)), ratio(recallOf(c)), ms(readMs), ms(outlineMs)]);
    for (const o of outcomes) {
      if (o.got === 'missing') misses.push(`${label.set} p${o.page} "${o.contains}": not found by the CCTP rules`);
      else if (o.got !== o.expected && o.got !== 'none') misses.push(`${label.set} p${o.page} "${o.contains}": linked to ${o.got}, labelled ${o.expected}`);
      else if (o.got !== o.expected) misses.push(`${label.set} p${o.page} "${o.contains}": not linked, labelled ${o.expected}`);
    }
    for (const problem of read.problems) misses.push(`${label.set}: ${problem}`);
  }
  const overall: LinkCount = countLinks(all);
  rows.push(['**overall**', '', '', '', overall.labelled, overall.found, overall.expectedLinks, overall.linked, overall.right, overall.wrongOnNone, ratio(precisionOf(overall)), ratio(recallOf(overall)), '', '']);
  console.info('## mémoire links\n');
  table(['set', 'requirements', 'linked (all)', 'sections', 'labelled', 'found', 'labelled to a section', 'linked', 'right', 'linked, labelled none', 'precision', 'recall', 'read + rules', 'outline'], rows);
  const p = precisionOf(overall);
  console.info(`\nTarget, links precision: ${ratio(p)}, ${p >= TARGET.precision ? 'met' : 'missed'} (≥ ${TARGET.precision}); recall ${ratio(recallOf(overall))} (as high as precision allows).`);
  if (argv.includes('--misses') && misses.length) console.info(`\nMisses:\n${misses.map((m) => `- ${m}`).join('\n')}`);
}

main().catch((error) => {
  console.error(error);
  process.exitCode = 1;
});
