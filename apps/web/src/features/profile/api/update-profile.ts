import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TUserUpdateRequest } from '@app/contract/accounts';
import { callOp } from '@/lib/api.ts';
import { userCoursesKeys } from '@/lib/queries/user-courses.ts';

/** Saves the student's name, phone, email and user name; answers the saved profile. */
export function updateProfile(body: TUserUpdateRequest) {
  return callOp('userUpdate', body);
}

export function useUpdateProfile() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateProfile,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: userCoursesKeys.all }),
  });
}
