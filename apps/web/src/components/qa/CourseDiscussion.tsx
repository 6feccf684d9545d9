import { useEffect } from 'react';
import { useSearchParams } from 'react-router';
import type { TCourseDto } from '@app/contract/courses';
import { Tabs } from '@/components/Tabs.tsx';
import { useSession } from '@/lib/session.ts';
import { AnnouncementsPanel } from './AnnouncementsPanel.tsx';
import { QuestionsPanel } from './QuestionsPanel.tsx';
import { tokenAccountId } from './viewer.ts';
import { useT } from '@/lib/i18n/index.ts';

const TAB_PARAM = 'panel';
/** An announcement notification links to `/view-course/{course}?announcement={id}`. */
const ANNOUNCEMENT_PARAM = 'announcement';

/**
 * The tabs under the player's video for those who may watch the whole course (owners, its tutor, admins): the
 * course's questions and answers (this lesson's first) and its tutor's announcements.
 */
export function CourseDiscussion({ course, lessonId }: { course: TCourseDto; lessonId: number | null }) {
  const t = useT();
  const session = useSession();
  const [params, setParams] = useSearchParams();
  const announcement = Number(params.get(ANNOUNCEMENT_PARAM)) || undefined;
  // A link to an announcement opens its tab.
  useEffect(() => {
    if (announcement === undefined || params.has(TAB_PARAM)) return;
    setParams(
      (p) => {
        const next = new URLSearchParams(p);
        next.set(TAB_PARAM, 'announcements');
        return next;
      },
      { replace: true, preventScrollReset: true },
    );
  }, [announcement, params, setParams]);

  const lessons = course.sectionDto.flatMap((s) => s.seriesList.map(({ id, title }) => ({ id, title })));
  const lesson = lessons.find((l) => l.id === lessonId) ?? null;
  // A tutor who may watch a course without owning it is its tutor.
  const viewer = {
    id: session.authenticated ? tokenAccountId() : null,
    role: session.role ?? null,
    isTutor: session.role === 'tutor' && !course.owned,
  };
  const tabs = [
    { id: 'qa', label: t('qa.tab') },
    { id: 'announcements', label: t('qa.announcements') },
  ] as const;
  return (
    <div className="course-discussion">
      <Tabs label={t('qa.tabsLabel')} param={TAB_PARAM} tabs={tabs}>
        {(tab) =>
          tab === 'qa' ? (
            <QuestionsPanel courseId={course.id} lesson={lesson} lessons={lessons} viewer={viewer} />
          ) : (
            <AnnouncementsPanel courseId={course.id} current={announcement} />
          )
        }
      </Tabs>
    </div>
  );
}
