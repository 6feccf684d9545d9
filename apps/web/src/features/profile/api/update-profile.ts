import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUserUpdateRequest, TUserUpdateResponse } from '@app/contract/accounts';
import { EP } from '@app/contract/endpoints';
import { api } from '../../../lib/api.ts';

/** Saves the student's name, phone, email and user name; answers the saved profile. */
export function updateProfile(body: TUserUpdateRequest): Promise<TUserUpdateResponse> {
  return api<TUserUpdateResponse>(EP.userUpdate, { body });
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ['user', 'allcourses'] }),
  });
}
