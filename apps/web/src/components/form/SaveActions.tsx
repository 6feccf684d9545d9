import { useT } from '@/lib/i18n/index.ts';

/**
 * The foot of a form that makes or changes one thing: the server's refusal (an alert), the submit button
 * ("Saving..." while it goes, "Save changes" when `editing`, else `createLabel`) and, while editing, Cancel.
 */
export function SaveActions({
  error,
  pending,
  editing,
  createLabel,
  onCancel,
}: {
  error: string | null;
  pending: boolean;
  editing: boolean;
  createLabel: string;
  onCancel?: () => void;
}) {
  const t = useT();
  return (
    <>
      {error && (
        <p className="field-error" role="alert">
          {error}
        </p>
      )}
      <div className="row-actions">
        <button type="submit" className="btn" disabled={pending}>
          {pending ? t('common.saving') : editing ? t('common.saveChanges') : createLabel}
        </button>
        {editing && (
          <button type="button" className="btn btn-outline" onClick={onCancel}>
            {t('common.cancel')}
          </button>
        )}
      </div>
    </>
  );
}
