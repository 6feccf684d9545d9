/** A PO catalog (src/locales/*.po), compiled by vite.config.ts's `poCatalogs` plugin. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
/** The pseudo-locale's catalog: en.po with its letters accented (lib/i18n/pseudo.ts). */
declare module '*.po?pseudo' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
