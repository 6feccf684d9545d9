import type { TAssignmentDto, TSubmissionDto } from '@app/contract/assignments';

// Graded work as the staff's screens get it (test data).
export const ok = { code: 'dk00', message: 'OK' };
export const rubricAssignment: TAssignmentDto = {
  id: 5,
  courseId: 3,
  sectionId: 4,
  title: 'Build a CI pipeline',
  instructions: 'Set up CI.',
  submissionType: 'file',
  grading: 'rubric',
  rubric: [
    {
      id: 1,
      title: 'Pipeline runs',
      levels: [
        { id: 11, title: 'Missing', points: 0 },
        { id: 12, title: 'Works', points: 8 },
      ],
    },
    {
      id: 2,
      title: 'Readable code',
      levels: [
        { id: 21, title: 'Hard to read', points: 2 },
        { id: 22, title: 'Clear', points: 8 },
      ],
    },
  ],
  passPoints: 10,
  maxPoints: 16,
  maxResubmissions: 1,
  requiredForCertificate: true,
  dueDays: null,
  dueLocalTime: null,
  refuseLate: false,
  peerReview: true,
};
export const submitted: TSubmissionDto = {
  id: 40,
  assignmentId: 5,
  attemptNo: 1,
  status: 'submitted',
  text: null,
  link: null,
  fileName: 'pipeline.pdf',
  fileSize: 2048,
  fileUrl: '/media/submissions/p.pdf?sig=1',
  late: true,
  submittedAt: '2027-01-11T10:00:00.000Z',
  savedAt: '2027-01-11T10:00:00.000Z',
  scores: [],
  score: null,
  scoreOutOf: null,
  feedback: null,
  gradedAt: null,
  gradedBy: null,
};
