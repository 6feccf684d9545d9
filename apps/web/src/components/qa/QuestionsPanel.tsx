import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { QUESTION_SORTS } from '@app/contract/questions';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { useDebounced } from '@/lib/use-debounced.ts';
import { useQuestionList } from '@/lib/queries/questions.ts';
import { AskForm } from './AskForm.tsx';
import { QuestionList } from './QuestionList.tsx';
import { QuestionThread } from './QuestionThread.tsx';
import type { QaViewer } from './viewer.ts';
import { QuestionSortField, type QuestionSort } from './QuestionSortField.tsx';
import { useT } from '@/lib/i18n/index.ts';
import './qa.css';

export const QUESTIONS_PAGE_SIZE = 10;
/** The URL's name for the open thread: a notification links to `/view-course/{course}?question={id}`. */
export const QUESTION_PARAM = 'question';

type Lesson = { id: number; title: string };

/**
 * The player's Q&A tab: the questions on the lesson being watched first (or the whole course), a search across the
 * course, the sort (recent, top, unanswered), the ask form, and a question's thread (`?question=` in the URL).
 */
export function QuestionsPanel({
  courseId,
  lesson,
  lessons,
  viewer,
}: {
  courseId: number;
  lesson: Lesson | null;
  lessons: readonly Lesson[];
  viewer: QaViewer;
}) {
  const t = useT();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const [sort, setSort] = useState<QuestionSort>('recent');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const [asking, setAsking] = useState(false);
  const q = useDebounced(search.trim(), 300);
  // The whole course's questions (a search too), the ones on the lesson being watched first.
  const list = useQuestionList({
    courseId,
    ...(lesson ? { seriesId: lesson.id } : {}),
    sort,
    ...(q ? { q } : {}),
    pageSize: QUESTIONS_PAGE_SIZE,
    pageNo: page,
  });
  const titles = new Map(lessons.map((l) => [l.id, l.title]));
  const lessonTitle = (seriesId: number) => titles.get(seriesId);

  const open = (questionId: number | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (questionId === null) next.delete(QUESTION_PARAM);
        else next.set(QUESTION_PARAM, String(questionId));
        return next;
      },
      { preventScrollReset: true },
    );
  const openId = Number(params.get(QUESTION_PARAM));
  if (Number.isInteger(openId) && openId > 0)
    return (
      <QuestionThread
        questionId={openId}
        viewer={viewer}
        onBack={() => open(null)}
        lessonTitle={lessonTitle}
      />
    );

  if (asking)
    return (
      <AskForm
        courseId={courseId}
        lesson={lesson}
        onDone={(questionId) => {
          setAsking(false);
          if (questionId !== null) open(questionId);
        }}
      />
    );

  const data = list.data;
  const empty = q ? t('qa.noMatch', { query: q }) : t('qa.noQuestions');

  return (
    <section className="qa-panel" aria-label={t('qa.panelLabel')}>
      <div className="qa-toolbar">
        <div className="field qa-search">
          <label htmlFor={`${id}-search`}>{t('qa.searchLabel')}</label>
          <input
            id={`${id}-search`}
            type="search"
            value={search}
            onChange={(e) => {
              setSearch(e.target.value);
              setPage(0);
            }}
          />
        </div>
        <QuestionSortField
          id={`${id}-sort`}
          value={sort}
          sorts={QUESTION_SORTS}
          onChange={(next) => {
            setSort(next);
            setPage(0);
          }}
        />
        <button type="button" className="btn qa-ask" onClick={() => setAsking(true)}>
          {t('qa.ask')}
        </button>
      </div>
      <h3 className="qa-list-heading">{q ? t('qa.searchResults') : t('qa.courseQuestions')}</h3>
      {list.isPending ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : list.isError && !data ? (
        <LoadFailed message={t('qa.questionsLoadFailed')} onRetry={list.refetch} />
      ) : data && data.questions.length === 0 ? (
        <p className="empty-state qa-empty">{empty}</p>
      ) : (
        data && (
          <QuestionList
            questions={data.questions}
            onOpen={open}
            where={(question) =>
              question.seriesId === null
                ? t('qa.wholeCourse')
                : question.seriesId === lesson?.id
                  ? t('qa.thisLesson')
                  : lessonTitle(question.seriesId)
            }
          />
        )
      )}
      <Pager
        page={page}
        pageCount={Math.ceil((data?.totalData ?? 0) / QUESTIONS_PAGE_SIZE)}
        onChange={setPage}
      />
    </section>
  );
}
