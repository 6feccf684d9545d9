import { useQuery } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

/** The key of the signed-in student's own team (features/teams uses the same, so its writes refresh this). */
export const myTeamKey = ['team', 'mine'] as const;

/** Whether the signed-in student runs a team (its admin), asked only when `enabled` (the profile menu is open). */
export function useRunsTeam(enabled: boolean): boolean {
  const mine = useQuery({
    queryKey: myTeamKey,
    queryFn: ({ signal }) => callOp('teamMine', undefined, { signal }),
    enabled,
    staleTime: 60_000,
  });
  return Boolean(mine.data?.team);
}
