import { useState } from 'react';
import { Link, useParams } from 'react-router';
import { toast } from 'react-toastify';
import type { TCoursePlan } from '@app/contract/instalments';
import { planSummary } from '@/components/cart/PlanPicker.tsx';
import { LoadFailed } from '@/components/LoadFailed.tsx';
import { GENERIC_ERROR, refusalMessage } from '@/lib/messages.ts';
import { formatNaira } from '@/lib/money.ts';
import { useCoursePlans, useCoursePrice, useRemovePlan } from './api/plans.ts';
import { PlanForm } from './components/PlanForm.tsx';
import './tutor-plans.css';

/**
 * `/tutor/course/plans/:id`: the instalment plans a course offers beside its full price, each in a line with its
 * schedule at today's price, Edit and Remove; and the form of a new plan.
 */
export default function TutorPlans() {
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
        <Link to="/tutor/courses">← My courses</Link>
      </p>
      <h1>Instalment plans</h1>
      {course.data && (
        <p className="muted">
          {course.data.title} · {formatNaira(price)} in full
        </p>
      )}
      <p>
        Students can pay in parts: a first payment now and the rest weekly or monthly. Changing a plan changes
        what new buyers get; students who bought on it keep their schedule.
      </p>
      {plans.isPending ? (
        <p className="page-loading">Loading...</p>
      ) : plans.isError ? (
        <LoadFailed message="The plans could not be loaded. Please try again." onRetry={plans.refetch} />
      ) : offered.length === 0 ? (
        <p>This course offers no instalment plan yet.</p>
      ) : (
        <ul className="tutor-plan-list" aria-label="Plans offered">
          {offered.map((plan) => (
            <li key={plan.id} className="card tutor-plan">
              <p>
                <strong>{planSummary(plan)}</strong>
              </p>
              {plan.fullPaymentDiscountPercent > 0 && (
                <p className="muted">
                  {plan.fullPaymentDiscountPercent}% off what is left when paid at once.
                </p>
              )}
              <div className="row-actions">
                <button
                  type="button"
                  className="btn btn-outline"
                  aria-label={`Edit ${planSummary(plan)}`}
                  onClick={() => setEditing(plan)}
                >
                  Edit
                </button>
                <button
                  type="button"
                  className="btn btn-outline danger"
                  aria-label={`Remove ${planSummary(plan)}`}
                  disabled={remove.isPending}
                  onClick={() => {
                    if (
                      !window.confirm(
                        'Stop offering this plan? Students who bought on it keep paying as agreed.',
                      )
                    )
                      return;
                    remove.mutate(plan.id, {
                      onSuccess: (res) => {
                        if (editing?.id === plan.id) setEditing(null);
                        toast.success(res.responseDto.message);
                      },
                      onError: (err) => toast.error(refusalMessage(err, GENERIC_ERROR)),
                    });
                  }}
                >
                  Remove
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
