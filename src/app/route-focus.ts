import { useEffect, useRef } from 'react';

/** How long a page may take to show its heading (its code and first data loading) before the focus is left alone. */
const HEADING_WAIT_MS = 10_000;

/** The page's main heading: its h1, else its first heading. */
function mainHeading(): HTMLElement | null {
  const main = document.getElementById('main');
  if (!main) return null;
  return main.querySelector<HTMLElement>('h1') ?? main.querySelector<HTMLElement>('h2, h3');
}

/**
 * After every route change (sign-in included: it navigates), the focus goes to the new page's main
 * heading (WCAG 2.4.3), as a screen reader would start reading a page loaded afresh. Not on the
 * first load: there the browser's own start of the document, with the skip link first, is kept.
 * The heading may come later than the route (lazy code, data): it is awaited, and the focus is
 * moved only if the user has not put it somewhere since the route changed.
 */
export function useFocusHeadingOnRouteChange(location: string) {
  // The first load lasts until the user does something: its redirects ('/' → '/dashboard', a deep
  // link signed out → '/sign-in') are part of it.
  const interacted = useRef(false);
  useEffect(() => {
    const mark = () => {
      interacted.current = true;
    };
    document.addEventListener('keydown', mark, { capture: true, once: true });
    document.addEventListener('pointerdown', mark, { capture: true, once: true });
    return () => {
      document.removeEventListener('keydown', mark, { capture: true });
      document.removeEventListener('pointerdown', mark, { capture: true });
    };
  }, []);
  useEffect(() => {
    if (!interacted.current) return;
    const before = document.activeElement;
    let focused: HTMLElement | null = null;
    const observer = new MutationObserver(() => attempt());
    const stop = () => {
      observer.disconnect();
      clearTimeout(timer);
      document.removeEventListener('pointerdown', stop, true);
      document.removeEventListener('keydown', stop, true);
    };
    const timer = setTimeout(stop, HEADING_WAIT_MS);
    // Until the page has settled, its heading may be replaced (a skeleton's, then the loaded one's):
    // the focus follows it, unless the user has put it somewhere else.
    function attempt() {
      const now = document.activeElement;
      const untouched = now === null || now === document.body || now === before || now === focused || now === document.getElementById('main');
      if (!untouched) return stop();
      const heading = mainHeading();
      if (!heading || heading === now || heading.getClientRects().length === 0) return;
      if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
      heading.focus({ preventScroll: true });
      focused = heading;
    }
    document.addEventListener('pointerdown', stop, true);
    document.addEventListener('keydown', stop, true);
    observer.observe(document.body, { childList: true, subtree: true });
    attempt();
    return stop;
  }, [location]);
}
