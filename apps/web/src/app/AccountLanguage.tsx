import { useEffect } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { isLocale } from '@app/contract/locales';
import { callOp } from '@/lib/api.ts';
import { onLocaleSaved, rememberLocale, storedLocale } from '@/lib/i18n/choice.ts';
import { activateLocale, currentLocale, isPseudoLocale } from '@/lib/i18n/index.ts';
import { notificationKeys } from '@/lib/queries/notifications.ts';
import { useSession } from '@/lib/session.ts';

/**
 * A signed-in account's language (docs/i18n.md): once per sign-in, the language saved on the account becomes the
 * app's; an account with none yet takes the one this browser shows. A language saved from the picker fetches the
 * notifications again, which the server writes in the account's language.
 */
export function AccountLanguage() {
  const session = useSession();
  const client = useQueryClient();
  const signedIn = session.authenticated ? session.email : null;
  useEffect(
    () => onLocaleSaved(() => void client.invalidateQueries({ queryKey: notificationKeys.all })),
    [client],
  );
  useEffect(() => {
    // The pseudo-locale is a test build's setting of this browser: the account neither gives nor takes it.
    if (!signedIn || isPseudoLocale(storedLocale())) return;
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
