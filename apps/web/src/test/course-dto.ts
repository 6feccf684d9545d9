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
