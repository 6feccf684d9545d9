import type { SectionDraft } from '../course-form.ts';

/** The series of one chosen section: choose the section, see its series, edit or remove one. */
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
  const section = sections[activeSection];
  return (
    <div className="series-editor">
      <div className="field">
        <label htmlFor="series-section">Section</label>
        <select
          id="series-section"
          value={activeSection}
          onChange={(e) => onSelectSection(Number(e.target.value))}
        >
          {sections.map((s, i) => (
            <option key={i} value={i}>
              Section {i + 1}: {s.title}
            </option>
          ))}
        </select>
      </div>
      {section && section.seriesList.length === 0 && <p className="muted">This section has no series yet.</p>}
      {section && section.seriesList.length > 0 && (
        <ol className="series-list" aria-label={`Series of section ${activeSection + 1}`}>
          {section.seriesList.map((r, j) => (
            <li key={j} className="series-item">
              <div>
                <strong>{r.title}</strong>
                <span className="muted">
                  {' '}
                  · {r.videoFile || 'video'}
                  {r.resourceFile ? ` · ${r.resourceName || 'resource file'}` : ''}
                </span>
              </div>
              <div className="row-actions">
                <button
                  aria-label={`Edit series ${r.title}`}
                  type="button"
                  className="btn btn-outline"
                  onClick={() => onEdit(j)}
                >
                  Edit
                </button>
                <button
                  aria-label={`Remove series ${r.title}`}
                  type="button"
                  className="btn btn-outline danger"
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
                  Remove
                </button>
              </div>
            </li>
          ))}
        </ol>
      )}
    </div>
  );
}
