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
  const empty = q
    ? `No questions in this course match “${q}”.`
    : 'No questions on this course yet. Be the first to ask.';

  return (
    <section className="qa-panel" aria-label="Questions and answers">
      <div className="qa-toolbar">
        <div className="field qa-search">
          <label htmlFor={`${id}-search`}>Search all questions in this course</label>
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
          Ask a question
        </button>
      </div>
      <h3 className="qa-list-heading">{q ? 'Search results' : 'Questions on this course'}</h3>
      {list.isPending ? (
        <p className="page-loading">Loading...</p>
      ) : list.isError && !data ? (
        <LoadFailed message="Questions could not be loaded. Please try again." onRetry={list.refetch} />
      ) : data && data.questions.length === 0 ? (
        <p className="empty-state qa-empty">{empty}</p>
      ) : (
        data && (
          <QuestionList
            questions={data.questions}
            onOpen={open}
            where={(question) =>
              question.seriesId === null
                ? 'Whole course'
                : question.seriesId === lesson?.id
                  ? 'This lesson'
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
