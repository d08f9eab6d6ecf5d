/**
 * Whether the header's bar fits its row (issue 24): loaded after hydration (out of the first load).
 * The bar's links never wrap or shrink, so a language with long words (German, a pseudo-long build)
 * or a long balance can make the row wider than the window. Then the header switches to its menu,
 * as below the bar's breakpoint, and back once the row is again as wide as the bar needed.
 * Calls `onChange(compact)` when that changes; returns the function that stops watching.
 */
export function watchHeaderFit(row: HTMLElement, onChange: (compact: boolean) => void): () => void {
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
  // The window's width (the row's box) and what the bar holds (the balance, the bell, the Manage menu arrive later).
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
