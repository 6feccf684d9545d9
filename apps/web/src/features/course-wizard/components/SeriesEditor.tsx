import { useVideoStatus } from '@/features/course-wizard/api/video-status.ts';
import type { SectionDraft } from '@/features/course-wizard/course-form.ts';
import { VideoState } from './VideoState.tsx';
import { RowButton } from './RowButton.tsx';
import { useT } from '@/lib/i18n/index.ts';

/**
 * The series of one chosen section: choose the section, see its series (free preview, video conversion state),
 * edit or remove one.
 */
export function SeriesEditor({
  sections,
  activeSection,
  onSelectSection,
  onChange,
  onEdit,
}: {
  sections: SectionDraft[];
  activeSection: number;
  onSelectSection: (index: number) => void;
  onChange: (sections: SectionDraft[]) => void;
  onEdit: (seriesIndex: number) => void;
}) {
  const t = useT();
  const section = sections[activeSection];
  const states = useVideoStatus(section?.seriesList.map((r) => r.videoLink) ?? []);
  return (
    <div className="series-editor">
      <div className="field">
        <label htmlFor="series-section">{t('wizard.series.section')}</label>
        <select
          id="series-section"
          value={activeSection}
          onChange={(e) => onSelectSection(Number(e.target.value))}
        >
          {sections.map((s, i) => (
            <option key={i} value={i}>
              {t('wizard.sectionTitled', { section: i + 1, title: s.title })}
            </option>
          ))}
        </select>
      </div>
      {section && section.seriesList.length === 0 && <p className="muted">{t('wizard.series.none')}</p>}
      {section && section.seriesList.length > 0 && (
        <ol
          className="series-list"
          aria-label={t('wizard.sections.seriesOf', { section: activeSection + 1 })}
        >
          {section.seriesList.map((r, j) => (
            <li key={j} className="series-item">
              <div className="series-meta">
                <div>
                  <strong>{r.title}</strong>
                  {r.preview && <span className="series-preview-badge">{t('course.freePreview')}</span>}
                  <span className="muted">
                    {' '}
                    · {r.videoFile || t('wizard.series.video')}
                    {r.resourceFile ? ` · ${r.resourceName || t('wizard.series.resourceFile')}` : ''}
                  </span>
                </div>
                <VideoState state={states.get(r.videoLink)} />
              </div>
              <div className="row-actions">
                <RowButton label={t('wizard.series.editLabel', { title: r.title })} onClick={() => onEdit(j)}>
                  {t('wizard.edit')}
                </RowButton>
                <RowButton
                  label={t('wizard.series.removeLabel', { title: r.title })}
                  danger
                  onClick={() =>
                    onChange(
                      sections.map((s, i) =>
                        i === activeSection
                          ? { ...s, seriesList: s.seriesList.filter((_, k) => k !== j) }
                          : s,
                      ),
                    )
                  }
                >
                  {t('wizard.remove')}
                </RowButton>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
