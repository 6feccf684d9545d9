import type { TStaffSignupRequest, TUserSignupRequest } from '@app/contract/accounts';
import { useMutation } from '@tanstack/react-query';
import { callOp } from '@/lib/api.ts';

/** Creates a student account. */
export const signUpStudent = (req: TUserSignupRequest) => callOp('userAdd', req, { auth: false });

/** Creates a tutor account. */
export const signUpTutor = (req: TStaffSignupRequest) => callOp('staffAdd', req, { auth: false });

export function useSignUpStudent() {
  return useMutation({ mutationFn: signUpStudent });
}

export function useSignUpTutor() {
  return useMutation({ mutationFn: signUpTutor });
}
