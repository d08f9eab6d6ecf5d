// A catalogue imported with '?lingui' is compiled by the Lingui Vite plugin (apps/web/vite-i18n.ts).
declare module '*?lingui' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
