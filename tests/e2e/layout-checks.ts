import type { Page } from '@playwright/test';
import { animationsDone, expect } from './fixtures';

// Two WCAG 2.2 checks axe cannot make, run on every screen of the screens tests (issue 28):
// reflow (1.4.10) and target size (2.5.8). Soft assertions: one run lists every screen that fails.

/**
 * 1.4.10 asks for no sideways scrolling at 320 CSS px: what a 1280 px window shows at 400 % zoom.
 * Chromium has no page zoom to emulate (deviceScaleFactor scales pixels, not CSS, and
 * `body.style.zoom` is not the browser's zoom), so the 400 % case is the 320 px wide viewport itself.
 */
export const REFLOW_WIDTH = 320;
const REFLOW_HEIGHT = 640;

/** The document is no wider than the viewport; content that needs two dimensions (the board, the org chart, a data table) pans inside its own box, which does not widen the document. */
export async function expectNoSidewaysScroll(page: Page, label: string) {
  const overflow = await page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    if (document.documentElement.scrollWidth <= width) return null;
    // What sticks out, outermost first: enough to find the culprit.
    const out = [...document.querySelectorAll('body *')].filter((element) => {
      const rect = element.getBoundingClientRect();
      if (rect.right <= width + 0.5 || !element.checkVisibility()) return false;
      // Inside a box that scrolls or clips on its own, it does not widen the page.
      for (let parent = element.parentElement; parent && parent !== document.body; parent = parent.parentElement) {
        if (getComputedStyle(parent).overflowX !== 'visible' && parent.getBoundingClientRect().right <= width + 0.5) return false;
      }
      return !element.parentElement || element.parentElement.getBoundingClientRect().right <= width + 0.5;
    });
    const describe = (element: Element) => `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}.${[...element.classList].slice(0, 4).join('.')} right=${Math.round(element.getBoundingClientRect().right)}`;
    return { scrollWidth: document.documentElement.scrollWidth, width, out: out.slice(0, 8).map(describe) };
  });
  expect.soft(overflow, `sideways scroll at ${REFLOW_WIDTH} px on ${label}`).toBeNull();
}

/** Smallest side of a target (2.5.8), and the circle an undersized one must keep clear. */
const TARGET = 24;

/**
 * Every visible pointer target is at least 24 × 24 CSS px, or undersized but spaced as 2.5.8's
 * spacing exception allows: a 24 px circle centred on it meets no other target and no other
 * undersized target's circle. Links inside a sentence are exempt (2.5.8's inline exception).
 * Fails with the list of offenders.
 */
export async function expectTargetSizes(page: Page, label: string) {
  const offenders = await page.evaluate((size) => {
    const selector = [
      'a[href]',
      'button',
      'input:not([type="hidden"])',
      'select',
      'textarea',
      'summary',
      '[role="button"]',
      '[role="link"]',
      '[role="tab"]',
      '[role="checkbox"]',
      '[role="radio"]',
      '[role="switch"]',
      '[role="menuitem"]',
      '[role="menuitemradio"]',
      '[role="option"]',
      '[role="combobox"]',
      '[role="slider"]',
      '[tabindex="0"]',
    ].join(',');
    const isInSentence = (element: Element) => {
      if (getComputedStyle(element).display !== 'inline') return false;
      let block = element.parentElement;
      while (block && getComputedStyle(block).display.startsWith('inline')) block = block.parentElement;
      const own = element.textContent?.trim().length ?? 0;
      return (block?.textContent?.trim().length ?? 0) > own;
    };
    type Target = { element: Element; rect: DOMRect };
    const targets: Target[] = [];
    for (const element of document.querySelectorAll(selector)) {
      if (element.matches(':disabled') || element.closest('[aria-hidden="true"], [inert]')) continue;
      if (!element.checkVisibility({ visibilityProperty: true, opacityProperty: true })) continue;
      let target: Element = element;
      let rect = element.getBoundingClientRect();
      // An input is also hit through its labels (a click on one checks it): the target is their union.
      // A visually hidden input (a custom checkbox, radio or switch) is hit through its labels only.
      const labels = [...((element as HTMLInputElement).labels ?? [])].filter((label) => label.checkVisibility());
      if (labels.length) {
        const hidden = rect.width <= 1 || rect.height <= 1;
        const boxes = [...(hidden ? [] : [rect]), ...labels.map((label) => label.getBoundingClientRect())];
        const [left, top] = [Math.min(...boxes.map((b) => b.left)), Math.min(...boxes.map((b) => b.top))];
        rect = new DOMRect(left, top, Math.max(...boxes.map((b) => b.right)) - left, Math.max(...boxes.map((b) => b.bottom)) - top);
        target = labels.find((label) => label.contains(element)) ?? element;
      } else if (rect.width <= 1 || rect.height <= 1) continue;
      if (rect.width === 0 || rect.height === 0 || targets.some((t) => t.element === target)) continue;
      if (target.tagName === 'A' && isInSentence(target)) continue;
      targets.push({ element: target, rect });
    }
    const small = targets.filter((t) => t.rect.width < size - 0.01 || t.rect.height < size - 0.01);
    const related = (a: Element, b: Element) => a === b || a.contains(b) || b.contains(a);
    const centre = (rect: DOMRect) => ({ x: rect.left + rect.width / 2, y: rect.top + rect.height / 2 });
    const distanceToRect = (point: { x: number; y: number }, rect: DOMRect) =>
      Math.hypot(Math.max(rect.left - point.x, 0, point.x - rect.right), Math.max(rect.top - point.y, 0, point.y - rect.bottom));
    const radius = size / 2;
    const name = (element: Element) =>
      (element.getAttribute('aria-label') ?? element.textContent ?? element.getAttribute('title') ?? '').trim().replace(/\s+/g, ' ').slice(0, 50);
    return small
      .filter(({ element, rect }) => {
        const c = centre(rect);
        return targets.some((other) => {
          if (related(other.element, element)) return false;
          if (distanceToRect(c, other.rect) < radius - 0.01) return true;
          const undersized = small.includes(other);
          return undersized && Math.hypot(centre(other.rect).x - c.x, centre(other.rect).y - c.y) < size - 0.01;
        });
      })
      .map(({ element, rect }) => `${element.tagName.toLowerCase()}${element.getAttribute('role') ? `[role=${element.getAttribute('role')}]` : ''} "${name(element)}" ${Math.round(rect.width * 10) / 10}×${Math.round(rect.height * 10) / 10}`);
  }, TARGET);
  expect.soft(offenders, `targets under ${TARGET} × ${TARGET} px and too close to another on ${label} at ${page.viewportSize()?.width} px`).toEqual([]);
}

/**
 * Both checks at the size the page is shown at, then at 320 px (the 400 % zoom case), saving the
 * 320 px page as `test-results/screens/<screenshot>-320.png` when named; the size is restored after.
 */
export async function expectLayoutHolds(page: Page, label: string, screenshot?: string) {
  await expectTargetSizes(page, label);
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: REFLOW_WIDTH, height: REFLOW_HEIGHT });
  await settledLayout(page);
  await expectNoSidewaysScroll(page, label);
  await expectTargetSizes(page, label);
  if (screenshot) await page.screenshot({ path: `test-results/screens/${screenshot}-${REFLOW_WIDTH}.png`, fullPage: true });
  await page.setViewportSize(size);
  await settledLayout(page);
}

/** After a resize: two frames for resize observers and media queries to apply, and any animation they started. */
async function settledLayout(page: Page) {
  await page.evaluate(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done))));
  await animationsDone(page);
}
