import type { DehydratedState } from '@tanstack/react-query';
import { jsonForScript } from './head-tags';

/**
 * What a server-rendered page hands to the scripts that hydrate it: the query cache the server
 * rendered from. It travels as a JSON data block (not an inline script, which the
 * Content-Security-Policy forbids).
 */
export interface PageState {
  queries: DehydratedState;
}

export const PAGE_STATE_ELEMENT_ID = 'page-state';

/** How the browser's console names a hydration mismatch (main.tsx); the end-to-end tests look for it. */
export const HYDRATION_ERROR_PREFIX = '[hydration mismatch]';

/** The JSON text for the data block; '<' is escaped so no value can close the element early. */
export function serializePageState(state: PageState): string {
  return jsonForScript(state);
}

/** The state the server left in the page, or undefined for a page the browser renders alone. */
export function readPageState(doc: Document): PageState | undefined {
  const text = doc.getElementById(PAGE_STATE_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return JSON.parse(text) as PageState;
  } catch {
    return undefined;
  }
}
