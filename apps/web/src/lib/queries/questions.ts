import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpRequest } from '@app/contract/operations';
import type { TQuestionResponse } from '@app/contract/questions';
import { callOp } from '@/lib/api.ts';

/**
 * Keys of the Q&A answers the player's Q&A tab, the tutor's inbox and the tutor dashboard share: lists (per request),
 * one question's thread, a course's announcements, the caller's Q&A email choice.
 */
export const qaKeys = {
  all: ['qa'] as const,
  lists: ['qa', 'list'] as const,
  list: (req: OpRequest<'questionList'>) => [...qaKeys.lists, req] as const,
  questions: ['qa', 'question'] as const,
  question: (id: number) => [...qaKeys.questions, id] as const,
  announcements: (courseId: number) => ['qa', 'announcements', courseId] as const,
  announcementPage: (courseId: number, pageNo: number) =>
    [...qaKeys.announcements(courseId), pageNo] as const,
  stats: ['qa', 'stats'] as const,
  emails: ['qa', 'emails'] as const,
};

/** A page of questions: a course's (`courseId`), a lesson's (`seriesId` too), or the tutor's inbox (neither). */
export function useQuestionList(req: OpRequest<'questionList'>, enabled = true) {
  return useQuery({
    queryKey: qaKeys.list(req),
    queryFn: ({ signal }) => callOp('questionList', req, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** One question with its answers. */
export function useQuestion(id: number) {
  return useQuery({
    queryKey: qaKeys.question(id),
    queryFn: ({ signal }) => callOp('questionGet', { id }, { signal }),
  });
}

/** Any write to a post: the lists and that thread are read again (counts, votes, accepted and the text change). */
function useQaChanged() {
  const qc = useQueryClient();
  return (questionId?: number) =>
    Promise.all([
      qc.invalidateQueries({ queryKey: qaKeys.lists }),
      qc.invalidateQueries({ queryKey: qaKeys.stats }),
      questionId === undefined
        ? qc.invalidateQueries({ queryKey: qaKeys.questions })
        : qc.invalidateQueries({ queryKey: qaKeys.question(questionId) }),
    ]);
}

export function useAskQuestion() {
  const changed = useQaChanged();
  return useMutation({
    mutationFn: (body: OpRequest<'questionAdd'>) => callOp('questionAdd', body),
    onSuccess: (res) => changed(res.question.id),
  });
}

export function useAnswerQuestion(questionId: number) {
  const changed = useQaChanged();
  return useMutation({
    mutationFn: (body: string) => callOp('questionAnswer', { questionId, body }),
    onSuccess: () => changed(questionId),
  });
}

type Vote = { questionId: number; answerId?: number };

/**
 * Votes for the question, or for one of its answers with `answerId`; a second press takes the vote back. The
 * thread shows the server's count and pressed state at once, then the lists catch up.
 */
export function useVote() {
  const qc = useQueryClient();
  const changed = useQaChanged();
  return useMutation({
    mutationFn: ({ questionId, answerId }: Vote) =>
      callOp('questionVote', answerId === undefined ? { questionId } : { answerId }),
    onSuccess: ({ votes, voted }, { questionId, answerId }) => {
      qc.setQueryData<TQuestionResponse>(qaKeys.question(questionId), (old) => {
        if (!old) return old;
        if (answerId === undefined) return { ...old, question: { ...old.question, votes, voted } };
        return {
          ...old,
          answers: old.answers.map((a) => (a.id === answerId ? { ...a, votes, voted } : a)),
        };
      });
      return changed(questionId);
    },
  });
}

export function useAcceptAnswer(questionId: number) {
  const changed = useQaChanged();
  return useMutation({
    mutationFn: (answerId: number) => callOp('questionAccept', { answerId }),
    onSuccess: () => changed(questionId),
  });
}

export function useEditPost(questionId: number) {
  const changed = useQaChanged();
  return useMutation({
    mutationFn: (body: OpRequest<'questionEdit'>) => callOp('questionEdit', body),
    onSuccess: () => changed(questionId),
  });
}

export function useDeletePost(questionId: number) {
  const changed = useQaChanged();
  return useMutation({
    mutationFn: (body: OpRequest<'questionDelete'>) => callOp('questionDelete', body),
    onSuccess: () => changed(questionId),
  });
}

export function useReportPost() {
  return useMutation({
    mutationFn: (body: OpRequest<'questionReport'>) => callOp('questionReport', body),
  });
}

export const ANNOUNCEMENTS_PAGE_SIZE = 5;

/** A page of a course's announcements, newest first. */
export function useAnnouncements(courseId: number, pageNo: number) {
  return useQuery({
    queryKey: qaKeys.announcementPage(courseId, pageNo),
    queryFn: ({ signal }) =>
      callOp('announcementList', { courseId, pageSize: ANNOUNCEMENTS_PAGE_SIZE, pageNo }, { signal }),
    placeholderData: keepPreviousData,
  });
}

export function useAddAnnouncement(courseId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: { title: string; body: string }) => callOp('announcementAdd', { courseId, ...body }),
    onSuccess: () => qc.invalidateQueries({ queryKey: qaKeys.announcements(courseId) }),
  });
}

/** Whether the caller gets Q&A emails (the hourly digest and announcements). */
export function useQaEmails() {
  return useQuery({
    queryKey: qaKeys.emails,
    queryFn: ({ signal }) => callOp('qaEmailsGet', undefined, { signal }),
  });
}

export function useSetQaEmails() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (enabled: boolean) => callOp('qaEmailsSet', { enabled }),
    onSuccess: (res) => qc.setQueryData(qaKeys.emails, res),
  });
}
