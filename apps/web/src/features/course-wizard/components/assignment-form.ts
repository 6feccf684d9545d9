import { z } from 'zod';
import { ZAssignmentInput, type TAssignmentDto, type TAssignmentInput } from '@app/contract/assignments';
import { t as translate, type Translate } from '@/lib/i18n/index.ts';

// The assignment editor's values: the contract's fields (their messages), numbers as the inputs hold them (text),
// an empty due day meaning no due date. The editor's own messages are in the language of `t` (built in its render).

const wholeText = (error: string, min: number, max: number, optional = false) =>
  z
    .string()
    .refine((v) => (optional && v.trim() === '') || (/^\d+$/.test(v.trim()) && +v >= min && +v <= max), {
      error,
    });

export const assignmentSchema = (t: Translate) =>
  z
    .object({
      id: z.number().optional(),
      title: ZAssignmentInput.shape.title,
      instructions: ZAssignmentInput.shape.instructions,
      submissionType: ZAssignmentInput.shape.submissionType,
      grading: ZAssignmentInput.shape.grading,
      rubric: z.array(
        z.object({
          id: z.number().optional(),
          title: z.string(),
          levels: z.array(z.object({ id: z.number().optional(), title: z.string(), points: z.string() })),
        }),
      ),
      passPoints: z.string(),
      maxResubmissions: wholeText(t('wizard.assignmentForm.error.resubmissions'), 0, 20),
      requiredForCertificate: z.boolean(),
      dueDays: wholeText(t('wizard.assignmentForm.error.dueDays'), 0, 3650, true),
      dueLocalTime: z.string(),
      refuseLate: z.boolean(),
      peerReview: z.boolean(),
    })
    .superRefine((v, ctx) => {
      if (v.grading !== 'rubric') return;
      if (!/^\d+$/.test(v.passPoints.trim()))
        ctx.addIssue({
          code: 'custom',
          path: ['passPoints'],
          message: t('wizard.assignmentForm.error.passPoints'),
        });
    });
export type AssignmentFormValues = z.input<ReturnType<typeof assignmentSchema>>;

export const emptyLevel = () => ({ title: '', points: '' });
/** A new criterion, with its two first levels named in the active language (the tutor may rename them). */
export const emptyCriterion = () => ({
  title: '',
  levels: [
    { title: translate('wizard.assignmentForm.levelNotYet'), points: '0' },
    { title: translate('wizard.assignmentForm.levelGood'), points: '' },
  ],
});

export const emptyAssignment = (): AssignmentFormValues => ({
  title: '',
  instructions: '',
  submissionType: 'file',
  grading: 'rubric',
  rubric: [emptyCriterion()],
  passPoints: '',
  maxResubmissions: '1',
  requiredForCertificate: true,
  dueDays: '',
  dueLocalTime: '',
  refuseLate: false,
  peerReview: false,
});

/** A saved assignment (or one held in the wizard's draft) as the editor holds it. */
export const toAssignmentForm = (a: TAssignmentDto | TAssignmentInput): AssignmentFormValues => ({
  ...(a.id !== undefined ? { id: Number(a.id) } : {}),
  title: a.title,
  instructions: a.instructions,
  submissionType: a.submissionType,
  grading: a.grading,
  rubric: (a.rubric ?? []).map((c) => ({
    ...(c.id !== undefined ? { id: Number(c.id) } : {}),
    title: c.title,
    levels: c.levels.map((l) => ({
      ...(l.id !== undefined ? { id: Number(l.id) } : {}),
      title: l.title,
      points: String(l.points),
    })),
  })),
  passPoints: a.passPoints === null || a.passPoints === undefined ? '' : String(a.passPoints),
  maxResubmissions: String(a.maxResubmissions ?? 1),
  requiredForCertificate: a.requiredForCertificate ?? true,
  dueDays: a.dueDays === null || a.dueDays === undefined ? '' : String(a.dueDays),
  dueLocalTime: a.dueLocalTime ?? '',
  refuseLate: a.refuseLate ?? false,
  peerReview: a.peerReview ?? false,
});

/** The editor's values as `/assignment/save` takes them (the server checks the rubric's rules and says what to fix). */
export function toAssignmentInput(v: AssignmentFormValues): TAssignmentInput {
  const rubric = v.grading === 'rubric';
  return {
    ...(v.id ? { id: v.id } : {}),
    title: v.title,
    instructions: v.instructions,
    submissionType: v.submissionType,
    grading: v.grading,
    rubric: rubric
      ? v.rubric.map((c) => ({
          ...(c.id ? { id: c.id } : {}),
          title: c.title,
          levels: c.levels.map((l) => ({
            ...(l.id ? { id: l.id } : {}),
            title: l.title,
            points: Number(l.points || 0),
          })),
        }))
      : [],
    passPoints: rubric ? Number(v.passPoints) : null,
    maxResubmissions: Number(v.maxResubmissions),
    requiredForCertificate: v.requiredForCertificate,
    dueDays: v.dueDays.trim() === '' ? null : Number(v.dueDays),
    dueLocalTime: v.dueDays.trim() === '' || !v.dueLocalTime ? null : v.dueLocalTime,
    refuseLate: v.refuseLate,
    peerReview: v.peerReview,
  };
}

/** The rubric's highest total: the best level of each criterion added up. */
export const rubricMax = (rubric: AssignmentFormValues['rubric']) =>
  rubric.reduce((sum, c) => sum + Math.max(0, ...c.levels.map((l) => Number(l.points) || 0)), 0);
