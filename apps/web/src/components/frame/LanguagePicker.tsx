import { useId } from 'react';
import { isLocale, LOCALE_NAMES, LOCALES } from '@app/contract/locales';
import { chooseLocale } from '@/lib/i18n/choice.ts';
import { useLocale, useT } from '@/lib/i18n/index.ts';

/** The language picker (header, mobile menu, profile): each language named in itself. */
export function LanguagePicker({
  className,
  showLabel = false,
}: {
  className?: string;
  showLabel?: boolean;
}) {
  const t = useT();
  const locale = useLocale();
  const id = useId();
  return (
    <span className={['language-picker', className].filter(Boolean).join(' ')}>
      <label htmlFor={id} className={showLabel ? undefined : 'visually-hidden'}>
        {t('language.label')}
      </label>
      <select
        id={id}
        value={locale}
        onChange={(e) => {
          if (isLocale(e.target.value)) void chooseLocale(e.target.value);
        }}
      >
        {LOCALES.map((l) => (
          <option key={l} value={l} lang={l}>
            {LOCALE_NAMES[l]}
          </option>
        ))}
      </select>
    </span>
  );
}
