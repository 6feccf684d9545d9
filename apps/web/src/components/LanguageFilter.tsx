import { languageLabel, LOCALES } from '@app/contract/locales';
import { useT } from '@/lib/i18n/index.ts';

/**
 * The language filter of the course lists (search, a category): any language, or the courses taught in one of the
 * app's languages, each named in itself; a language tag from a shared link that is not one of them stays chosen.
 * Its form field's name is `language`.
 */
export function LanguageFilter({
  id,
  value,
  onChange,
}: {
  id: string;
  value: string | undefined;
  onChange?: (language: string | undefined) => void;
}) {
  const t = useT();
  const codes: string[] = [...LOCALES];
  if (value && !codes.includes(value)) codes.push(value);
  return (
    <select
      id={id}
      name="language"
      {...(onChange
        ? { value: value ?? '', onChange: (e) => onChange(e.target.value || undefined) }
        : { defaultValue: value ?? '' })}
    >
      <option value="">{t('languageFilter.any')}</option>
      {codes.map((code) => (
        <option key={code} value={code} lang={code}>
          {languageLabel(code)}
        </option>
      ))}
    </select>
  );
}
