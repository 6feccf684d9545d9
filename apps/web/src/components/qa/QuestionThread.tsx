import { useEffect, useRef } from 'react';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { ApiError } from '@/lib/api.ts';
import { useQuestion } from '@/lib/queries/questions.ts';
import { AnswerForm } from './AnswerForm.tsx';
import { PostView } from './PostView.tsx';
import type { QaViewer } from './viewer.ts';
import { useT } from '@/lib/i18n/index.ts';
import './qa.css';

/**
 * One question with its answers (the accepted one marked), and the reply box. The asker and the course's tutor may
 * accept an answer. `lessonTitle` names the lesson the question is about, when it is about one.
 */
export function QuestionThread({
  questionId,
  viewer,
  onBack,
  backLabel,
  lessonTitle,
}: {
  questionId: number;
  viewer: QaViewer;
  onBack: () => void;
  backLabel?: string;
  lessonTitle?: (seriesId: number) => string | undefined;
}) {
  const t = useT();
  const thread = useQuestion(questionId);
  const heading = useRef<HTMLDivElement>(null);
  // Opening a thread moves focus to it, so keyboard and screen-reader users land on what they chose.
  useEffect(() => heading.current?.focus(), [questionId]);

  const back = (
    <button type="button" className="link-button qa-back" onClick={onBack}>
      {backLabel ?? t('qa.allQuestions')}
    </button>
  );
  if (thread.isPending) return <p className="page-loading">{t('common.loading')}</p>;
  if (thread.isError) {
    if (thread.error instanceof ApiError && thread.error.status === 404)
      return (
        <div className="qa-thread">
          {back}
          <p className="empty-state">{t('qa.questionGone')}</p>
        </div>
      );
    return <LoadFailed message={t('qa.questionLoadFailed')} onRetry={thread.refetch} />;
  }
  const { question, answers } = thread.data;
  const mayAccept = viewer.isTutor || (viewer.id !== null && question.author?.id === viewer.id);
  const lesson = question.seriesId !== null ? lessonTitle?.(question.seriesId) : undefined;

  return (
    <article className="qa-thread" aria-label={t('qa.questionLabel', { title: question.title })}>
      {back}
      <div ref={heading} tabIndex={-1} className="qa-thread-focus">
        <p className="muted qa-where">
          {question.courseTitle}
          {lesson && ` · ${lesson}`}
        </p>
        <PostView kind="question" post={question} questionId={question.id} viewer={viewer} />
      </div>
      <h4 className="qa-answer-count">
        {answers.length === 0 ? t('qa.noAnswers') : t('qa.answers', { count: answers.length })}
      </h4>
      {answers.length > 0 && (
        <ol className="qa-answers">
          {answers.map((a) => (
            <li key={a.id}>
              <PostView
                kind="answer"
                post={a}
                questionId={question.id}
                viewer={viewer}
                canAccept={mayAccept && !a.deleted}
              />
            </li>
          ))}
        </ol>
      )}
      {!question.deleted && <AnswerForm questionId={question.id} />}
    </article>
  );
}
