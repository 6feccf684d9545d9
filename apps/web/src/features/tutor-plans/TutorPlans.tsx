import { useState } from 'react';
import { useParams } from 'react-router';
import { Link } from '@/components/Link.tsx';
import { toast } from 'react-toastify';
import type { TCoursePlan } from '@app/contract/instalments';
import { planSummary } from '@/components/cart/PlanPicker.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { genericError, refusalMessage } from '@/lib/messages.ts';
import { formatNaira } from '@/lib/money.ts';
import { useCoursePlans, useCoursePrice, useRemovePlan } from './api/plans.ts';
import { PlanForm } from './components/PlanForm.tsx';
import { useT } from '@/lib/i18n/index.ts';
import './tutor-plans.css';

/**
 * `/tutor/course/plans/:id`: the instalment plans a course offers beside its full price, each in a line with its
 * schedule at today's price, Edit and Remove; and the form of a new plan.
 */
export default function TutorPlans() {
  const t = useT();
  const courseId = Number(useParams().id);
  const course = useCoursePrice(courseId);
  const plans = useCoursePlans(courseId);
  const remove = useRemovePlan(courseId);
  const [editing, setEditing] = useState<TCoursePlan | null>(null);
  const price = course.data?.nairaPrice ?? 0;
  const offered = plans.data?.plans ?? [];

  return (
    <section className="tutor-page tutor-plans">
      <p>
        <Link to="/tutor/courses">{t('tutorPlans.back')}</Link>
      </p>
      <h1>{t('tutorPlans.title')}</h1>
      {course.data && (
        <p className="muted">
          {course.data.title} · {t('tutorPlans.fullPrice', { price: formatNaira(price) })}
        </p>
      )}
      <p>{t('tutorPlans.intro')}</p>
      {plans.isPending ? (
        <p className="page-loading">{t('common.loading')}</p>
      ) : plans.isError ? (
        <LoadFailed message={t('tutorPlans.loadFailed')} onRetry={plans.refetch} />
      ) : offered.length === 0 ? (
        <p>{t('tutorPlans.none')}</p>
      ) : (
        <ul className="tutor-plan-list" aria-label={t('tutorPlans.offered')}>
          {offered.map((plan) => (
            <li key={plan.id} className="card tutor-plan">
              <p>
                <strong>{planSummary(plan)}</strong>
              </p>
              {plan.fullPaymentDiscountPercent > 0 && (
                <p className="muted">
                  {t('tutorPlans.discount', { percent: plan.fullPaymentDiscountPercent })}
                </p>
              )}
              <div className="row-actions">
                <button
                  type="button"
                  className="btn btn-outline"
                  aria-label={t('tutorPlans.editLabel', { plan: planSummary(plan) })}
                  onClick={() => setEditing(plan)}
                >
                  {t('tutorPlans.edit')}
                </button>
                <button
                  type="button"
                  className="btn btn-outline danger"
                  aria-label={t('tutorPlans.removeLabel', { plan: planSummary(plan) })}
                  disabled={remove.isPending}
                  onClick={() => {
                    if (!window.confirm(t('tutorPlans.removeConfirm'))) return;
                    remove.mutate(plan.id, {
                      onSuccess: () => {
                        if (editing?.id === plan.id) setEditing(null);
                        toast.success(t('tutorPlans.removed'));
                      },
                      onError: (err) => toast.error(refusalMessage(err, genericError())),
                    });
                  }}
                >
                  {t('tutorPlans.remove')}
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {course.data &&
        (editing ? (
          <PlanForm
            key={editing.id}
            courseId={courseId}
            priceNaira={price}
            editing={editing}
            onDone={() => setEditing(null)}
          />
        ) : (
          <PlanForm courseId={courseId} priceNaira={price} />
        ))}
    </section>
  );
}
