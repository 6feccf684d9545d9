import { Link } from '@/components/Link.tsx';
import type { TCourseDto, TCourseProgress } from '@app/contract/courses';
import { completionSentence, whatIsLeft } from '@/features/player/completion.ts';
import { useT } from '@/lib/i18n/index.ts';
import './completion.css';

/** What is left before the certificate, or, once the course is complete, the link to it. */
export function CompletionNote({
  course,
  progress,
  assignments = [],
}: {
  course: TCourseDto;
  progress: TCourseProgress;
  assignments?: { id: number; title: string; requiredForCertificate: boolean }[];
}) {
  const t = useT();
  if (progress.complete) {
    return (
      <p className="completion-note done" role="status">
        {t('player.completed.title')}{' '}
        {progress.certificateCode && (
          <Link to={`/certificate/${progress.certificateCode}`}>{t('player.completed.certificate')}</Link>
        )}
      </p>
    );
  }
  const sentence = completionSentence(whatIsLeft(course, progress, assignments), t);
  if (!sentence) return null;
  return (
    <p className="completion-note" role="status">
      {sentence}
    </p>
  );
}
