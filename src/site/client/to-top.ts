/**
 * The back-to-top control of long pages (a section, a compare result, a long history): hidden until the reader is
 * two screens down a page at least three screens long; a press scrolls to the top and puts the focus on the main
 * content (so a keyboard or screen-reader user lands where the eyes do).
 */
export function initToTop(doc: Document = document): void {
  const button = doc.querySelector<HTMLButtonElement>('[data-to-top]');
  const view = doc.defaultView ?? window;
  if (!button) return;
  let queued = false;
  const update = () => {
    queued = false;
    const screen = view.innerHeight;
    const long = doc.documentElement.scrollHeight >= screen * 3;
    button.hidden = !(long && view.scrollY > screen * 2);
  };
  view.addEventListener('scroll', () => {
    if (queued) return;
    queued = true;
    view.requestAnimationFrame(update);
  }, { passive: true });
  button.addEventListener('click', () => {
    view.scrollTo({ top: 0 });
    doc.getElementById('main')?.focus({ preventScroll: true });
  });
  update();
}
