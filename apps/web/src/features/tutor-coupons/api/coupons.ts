import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TCouponSaveRequest } from '@app/contract/coupons';
import { callOp } from '@/lib/api.ts';

/** Keys of a course's coupons. */
export const couponKeys = {
  all: ['coupons'] as const,
  course: (courseId: number) => [...couponKeys.all, courseId] as const,
};

/** A course's coupons with their uses (the owning tutor). */
export function useCourseCoupons(courseId: number | null) {
  return useQuery({
    queryKey: couponKeys.course(courseId ?? 0),
    queryFn: ({ signal }) => callOp('couponList', { courseId: courseId! }, { signal }),
    enabled: courseId !== null,
  });
}

/** Saves a new coupon, or a change of one (with its id); the course's list is read again. */
export function useSaveCoupon() {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (body: TCouponSaveRequest) => callOp('couponSave', body),
    onSuccess: (res) => qc.invalidateQueries({ queryKey: couponKeys.course(res.coupon.courseId) }),
  });
}

/** Disables a coupon; its course's list is read again. */
export function useDisableCoupon(courseId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => callOp('couponDisable', { id }),
    onSuccess: () => qc.invalidateQueries({ queryKey: couponKeys.course(courseId) }),
  });
}

/** Keeps the course out of site-wide sales, or lets it back in. */
export function useSaleOptOut(courseId: number) {
  const qc = useQueryClient();
  return useMutation({
    mutationFn: (optOut: boolean) => callOp('saleOptOut', { courseId, optOut }),
    onSuccess: () => qc.invalidateQueries({ queryKey: couponKeys.course(courseId) }),
  });
}
