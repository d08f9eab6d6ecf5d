/**
 * Whether what a box holds fits it (issue 24), for layouts that have a narrower form to fall back on:
 * the header's bar (its links never wrap, so long German words or a long balance can make its row
 * wider than the window; then the menu instead) and a data table (wider than its card in a long
 * language; then stacked cards). Loaded after hydration, out of the first load. Calls
 * `onChange(true)` when the box's content is wider than the box, and `onChange(false)` once the box
 * is again as wide as that content needed; returns the function that stops watching.
 */
export function watchFit(row: HTMLElement, onChange: (compact: boolean) => void): () => void {
  let compact = false;
  // The row's width the full bar needed when it last did not fit.
  let needed = 0;
  const check = () => {
    if (!compact && row.scrollWidth > row.clientWidth + 1) {
      needed = row.scrollWidth;
      compact = true;
      onChange(true);
    } else if (compact && row.clientWidth >= needed) {
      // Tried again; if it still does not fit, the change this causes brings the menu back.
      compact = false;
      onChange(false);
    }
  };
  // The window's width (the box's size) and what it holds (the header's balance, bell and Manage menu arrive later).
  const resize = new ResizeObserver(check);
  resize.observe(row);
  const content = new MutationObserver(check);
  content.observe(row, { childList: true, subtree: true, characterData: true, attributes: true, attributeFilter: ['class'] });
  check();
  return () => {
    resize.disconnect();
    content.disconnect();
  };
}
