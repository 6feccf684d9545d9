import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { OpRequest } from '@app/contract/operations';
import { ApiError, callOp } from '@/lib/api.ts';
import { userCoursesKeys } from '@/lib/queries/user-courses.ts';

export const teamKeys = {
  all: ['team'] as const,
  mine: () => [...teamKeys.all, 'mine'] as const,
  view: (teamId: number) => [...teamKeys.all, 'view', teamId] as const,
  invite: (token: string) => [...teamKeys.all, 'invite', token] as const,
};

/** The team the signed-in student runs, or null. */
export function useMyTeam() {
  return useQuery({
    queryKey: teamKeys.mine(),
    queryFn: ({ signal }) => callOp('teamMine', undefined, { signal }),
  });
}

/** The team admin's dashboard. */
export function useTeam(teamId: number | null) {
  return useQuery({
    queryKey: teamKeys.view(teamId ?? 0),
    queryFn: ({ signal }) => callOp('teamView', { teamId: teamId! }, { signal }),
    enabled: teamId !== null,
  });
}

/** After a change to the team (invite, import, reassign, remove), the dashboard is read again. */
function useTeamRefresh() {
  const qc = useQueryClient();
  return () => qc.invalidateQueries({ queryKey: teamKeys.all });
}
export function useInviteMember() {
  const onSettled = useTeamRefresh();
  return useMutation({ mutationFn: (b: OpRequest<'teamInvite'>) => callOp('teamInvite', b), onSettled });
}
export function useImportMembers() {
  const onSettled = useTeamRefresh();
  return useMutation({ mutationFn: (b: OpRequest<'teamImport'>) => callOp('teamImport', b), onSettled });
}
export function useReassignSeat() {
  const onSettled = useTeamRefresh();
  return useMutation({
    mutationFn: (b: OpRequest<'teamSeatReassign'>) => callOp('teamSeatReassign', b),
    onSettled,
  });
}
export function useRemoveMember() {
  const onSettled = useTeamRefresh();
  return useMutation({
    mutationFn: (b: OpRequest<'teamMemberRemove'>) => callOp('teamMemberRemove', b),
    onSettled,
  });
}

/** What an invite link holds (public: the token is the secret). A refused token is not asked again. */
export function useInvitePreview(token: string) {
  return useQuery({
    queryKey: teamKeys.invite(token),
    queryFn: ({ signal }) => callOp('teamInvitePreview', { token }, { signal, auth: false }),
    enabled: token !== '',
    retry: (count, err) => count < 2 && !(err instanceof ApiError && err.status < 500),
  });
}

/** Joins the team with the signed-in student's account; their courses refresh. */
export function useAcceptInvite() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (token: string) => callOp('teamInviteAccept', { token }),
    onSuccess: () => qc.invalidateQueries({ queryKey: userCoursesKeys.all }),
  });
}
