import { useId, useState } from 'react';
import { useSearchParams } from 'react-router';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { Pager } from '@/components/Pager.tsx';
import { QuestionList } from '@/components/qa/QuestionList.tsx';
import { QuestionSortField, type QuestionSort } from '@/components/qa/QuestionSortField.tsx';
import { QuestionThread } from '@/components/qa/QuestionThread.tsx';
import { tokenAccountId } from '@/components/qa/viewer.ts';
import { useQuestionList } from '@/lib/queries/questions.ts';
import { useAllTutorCourses } from '@/lib/queries/tutor-courses.ts';
import { useDebounced } from '@/lib/use-debounced.ts';
import { useT } from '@/lib/i18n/index.ts';
import './tutor-questions.css';

const PAGE_SIZE = 10;
/** The inbox offers the unanswered questions first. */
const SORTS: QuestionSort[] = ['unanswered', 'recent', 'top'];

/**
 * `/tutor/questions`: the tutor's inbox, the questions across their courses with the unanswered ones first, a filter
 * by course and a search; a question opens with its answers and the reply box (`?question=` in the URL).
 */
export default function TutorQuestions() {
  const t = useT();
  const id = useId();
  const [params, setParams] = useSearchParams();
  const courses = useAllTutorCourses();
  const courseId = Number(params.get('course')) || undefined;
  const [sort, setSort] = useState<QuestionSort>('unanswered');
  const [search, setSearch] = useState('');
  const [page, setPage] = useState(0);
  const q = useDebounced(search.trim(), 300);
  const list = useQuestionList({
    ...(courseId ? { courseId } : {}),
    sort,
    ...(q ? { q } : {}),
    pageSize: PAGE_SIZE,
    pageNo: page,
  });
  const viewer = { id: tokenAccountId(), role: 'tutor' as const, isTutor: true };

  const setParam = (name: string, value: string | null) =>
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        if (value === null) next.delete(name);
        else next.set(name, value);
        return next;
      },
      { preventScrollReset: true },
    );
  const openId = Number(params.get('question'));
  if (Number.isInteger(openId) && openId > 0)
    return (
      <section className="tutor-page tutor-questions">
        <h1 className="visually-hidden">{t('tutorQuestions.question')}</h1>
        <QuestionThread
          questionId={openId}
          viewer={viewer}
          onBack={() => setParam('question', null)}
          backLabel={t('tutorQuestions.back')}
        />
      </section>
    );

  const data = list.data;
  return (
    <section className="tutor-page tutor-questions">
      <h1>{t('tutorQuestions.title')}</h1>
      <div className="tutor-questions-filters">
        <div className="field">
          <label htmlFor={`${id}-course`}>{t('tutorQuestions.course')}</label>
          <select
            id={`${id}-course`}
            value={courseId ?? ''}
            onChange={(e) => {
              setParam('course', e.target.value || null);
              setPage(0);
            }}
          >
            <option value="">{t('tutorQuestions.allCourses')}</option>
            {courses.data?.map((c) => (
              <option key={c.id} value={c.id}>
                {c.title}
              </option>
            ))}
          </select>
        </div>
        <QuestionSortField
          id={`${id}-sort`}
          value={sort}
          sorts={SORTS}
          onChange={(next) => {
            setSort(next);
            setPage(0);
          }}
        />
        <div className="field">
          <label htmlFor={`${id}-search`}>{t('tutorQuestions.search')}</label>
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
      </div>
      {list.isPending ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : list.isError && !data ? (
        <LoadFailed message={t('tutorQuestions.loadFailed')} onRetry={list.refetch} />
      ) : data && data.questions.length === 0 ? (
        <p className="empty-state">{q ? t('tutorQuestions.noMatch', { q }) : t('tutorQuestions.none')}</p>
      ) : (
        data && (
          <QuestionList
            questions={data.questions}
            onOpen={(questionId) => setParam('question', String(questionId))}
            where={(question) => (courseId ? undefined : question.courseTitle)}
          />
        )
      )}
      <Pager page={page} pageCount={Math.ceil((data?.totalData ?? 0) / PAGE_SIZE)} onChange={setPage} />
    </section>
  );
}
