import { useState, type FormEvent } from 'react';
import {
  sectionTitleBlank,
  sectionWithoutSeries,
  type SectionDraft,
} from '@/features/course-wizard/course-form.ts';
import { FormAlert } from '@/components/form/FormAlert.tsx';
import { useT } from '@/lib/i18n/index.ts';
import { RowButton } from './RowButton.tsx';

/** Add, rename and remove sections; each section opens its series. */
export function SectionsEditor({
  sections,
  onChange,
  onOpenSeries,
}: {
  sections: SectionDraft[];
  onChange: (sections: SectionDraft[]) => void;
  onOpenSeries: (index: number) => void;
}) {
  const t = useT();
  const [title, setTitle] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [renaming, setRenaming] = useState<{ index: number; title: string; error: string | null } | null>(
    null,
  );

  function add(e: FormEvent) {
    e.preventDefault();
    if (!title.trim()) {
      setError(sectionTitleBlank());
      return;
    }
    onChange([...sections, { title: title.trim(), seriesList: [] }]);
    setTitle('');
    setError(null);
  }

  function saveRename(e: FormEvent) {
    e.preventDefault();
    if (!renaming) return;
    if (!renaming.title.trim()) {
      setRenaming({ ...renaming, error: sectionTitleBlank() });
      return;
    }
    onChange(sections.map((s, i) => (i === renaming.index ? { ...s, title: renaming.title.trim() } : s)));
    setRenaming(null);
  }

  return (
    <div className="sections-editor">
      {sections.length === 0 ? (
        <p className="muted">{t('wizard.sections.none')}</p>
      ) : (
        <ol className="section-list">
          {sections.map((s, i) => (
            <li key={i} className="section-item">
              {renaming?.index === i ? (
                <form className="inline-form" onSubmit={saveRename} noValidate>
                  <label className="visually-hidden" htmlFor={`rename-${i}`}>
                    {t('wizard.sections.titleOf', { section: i + 1 })}
                  </label>
                  <input
                    id={`rename-${i}`}
                    value={renaming.title}
                    aria-invalid={renaming.error ? true : undefined}
                    onChange={(e) => setRenaming({ ...renaming, title: e.target.value, error: null })}
                  />
                  <button type="submit" className="btn">
                    {t('wizard.save')}
                  </button>
                  <button type="button" className="btn btn-outline" onClick={() => setRenaming(null)}>
                    {t('wizard.cancel')}
                  </button>
                  <FormAlert message={renaming.error} className="field-error" />
                </form>
              ) : (
                <>
                  <div className="section-head">
                    <span className="section-number">{t('wizard.sections.number', { section: i + 1 })}</span>
                    <strong>{s.title}</strong>
                    <span className="muted">
                      {t('wizard.sections.seriesCount', { count: s.seriesList.length })}
                    </span>
                  </div>
                  {/* The Save rule, told beside its section as soon as it applies rather than only at Save. */}
                  {s.seriesList.length === 0 && (
                    <p className="field-error section-error" id={`section-${i}-error`}>
                      {sectionWithoutSeries(i + 1)}
                    </p>
                  )}
                  <div className="row-actions">
                    <RowButton
                      label={t('wizard.sections.seriesOf', { section: i + 1 })}
                      onClick={() => onOpenSeries(i)}
                    >
                      {t('wizard.tab.series')}
                    </RowButton>
                    <RowButton
                      label={t('wizard.sections.renameLabel', { section: i + 1 })}
                      onClick={() => setRenaming({ index: i, title: s.title, error: null })}
                    >
                      {t('wizard.sections.rename')}
                    </RowButton>
                    <RowButton
                      label={t('wizard.sections.removeLabel', { section: i + 1 })}
                      danger
                      onClick={() => onChange(sections.filter((_, j) => j !== i))}
                    >
                      {t('wizard.remove')}
                    </RowButton>
                  </div>
                </>
              )}
            </li>
          ))}
        </ol>
      )}

      <form className="inline-form add-section" onSubmit={add} noValidate>
        <div className="field">
          <label htmlFor="new-section-title">{t('wizard.sections.title')}</label>
          <input
            id="new-section-title"
            value={title}
            aria-invalid={error ? true : undefined}
            onChange={(e) => {
              setTitle(e.target.value);
              setError(null);
            }}
          />
        </div>
        <button type="submit" className="btn">
          {t('wizard.sections.add')}
        </button>
        <FormAlert message={error} className="field-error" />
      </form>
    </div>
  );
}
