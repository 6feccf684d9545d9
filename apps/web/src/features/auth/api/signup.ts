import type { TOkResponse } from '@app/contract/common';
import type { TStaffSignupRequest, TUserSignupRequest } from '@app/contract/accounts';
import { EP } from '@app/contract/endpoints';
import { useMutation } from '@tanstack/react-query';
import { api } from '../../../lib/api.ts';

/** Creates a student account. */
export const signUpStudent = (req: TUserSignupRequest) =>
  api<TOkResponse>(EP.userAdd, { body: req, auth: false });

/** Creates a tutor account. */
export const signUpTutor = (req: TStaffSignupRequest) =>
  api<TOkResponse>(EP.staffAdd, { body: req, auth: false });

export function useSignUpStudent() {
  return useMutation({ mutationFn: signUpStudent });
}

export function useSignUpTutor() {
  return useMutation({ mutationFn: signUpTutor });
}
