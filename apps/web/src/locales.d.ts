/** A PO catalog (src/locales/*.po), compiled by vite.config.ts's `poCatalogs` plugin. */
declare module '*.po' {
  import type { Messages } from '@lingui/core';
  export const messages: Messages;
}
