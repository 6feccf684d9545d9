import type { TCourseDto } from '@app/contract/courses';

/** A course as the API answers it; `over` sets the fields a test cares about. */
export function courseDto(over: Partial<TCourseDto> = {}): TCourseDto {
  return {
    id: 1,
    title: 'Intro to Testing',
    description: 'Learn testing',
    author: 'Emeka Nwosu',
    nairaPrice: 15000,
    courseImageUrl: '/media/images/a.png',
    courseVideoUrl: null,
    courseGroup: 'Engineering',
    courseCategory: 'SoftwareTester',
    status: 'Pending',
    timeCreated: [2026, 11, 22, 10, 0, 0],
    sectionDto: [],
    studentCount: 0,
    averageRating: null,
    ratingCount: 0,
    owned: false,
    canWatch: true,
    ...over,
  };
}

/** A list of courses as /course/alltutor (or another list call) answers it, all on one page. */
export function courseListAnswer(courses: TCourseDto[]) {
  return {
    body: { responseDto: { code: 'dk00', message: 'OK' }, coursesDtos: courses, totalData: courses.length },
  };
}

/** A course's reviews answer without any review. */
export const NO_REVIEWS = {
  responseDto: { code: 'dk00', message: 'ok' },
  reviews: [],
  totalData: 0,
  averageRating: null,
  ratingCount: 0,
  ratingCounts: { 1: 0, 2: 0, 3: 0, 4: 0, 5: 0 },
};
