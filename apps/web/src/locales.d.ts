/** A language's first catalog chunk (src/locales/*.po), compiled by vite.config.ts's `poCatalogs` plugin. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** The rest of a language's catalog: its areas' files (vite.config.ts, `poCatalogs`). */
declare module '*.po?areas' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}

/** The pseudo-locale's catalog: en.po with its letters accented (lib/i18n/pseudo.ts). */
declare module '*.po?pseudo' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
