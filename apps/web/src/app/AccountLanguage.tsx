import { useEffect } from 'react';
import { isLocale } from '@app/contract/locales';
import { callOp } from '@/lib/api.ts';
import { rememberLocale } from '@/lib/i18n/choice.ts';
import { activateLocale, currentLocale } from '@/lib/i18n/index.ts';
import { useSession } from '@/lib/session.ts';

/**
 * A signed-in account's language (docs/i18n.md): once per sign-in, the language saved on the account becomes the
 * app's; an account with none yet takes the one this browser shows.
 */
export function AccountLanguage() {
  const session = useSession();
  const signedIn = session.authenticated ? session.email : null;
  useEffect(() => {
    if (!signedIn) return;
    let live = true;
    callOp('languageGet', {})
      .then(async ({ language }) => {
        if (!live) return;
        if (isLocale(language)) {
          if (language !== currentLocale()) await activateLocale(language);
          rememberLocale(language);
        } else {
          await callOp('languageUpdate', { language: currentLocale() });
        }
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [signedIn]);
  return null;
}
