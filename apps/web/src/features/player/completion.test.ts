import { describe, expect, it } from 'vitest';
import type { TCourseDto, TCourseProgress } from '@app/contract/courses';
import { completionSentence, whatIsLeft } from './completion.ts';

describe('completionSentence', () => {
  it('names one lesson and one quiz exactly as the issue asks', () => {
    expect(completionSentence({ lessons: ['Lesson 3'], quizzes: ['Quiz 2'] })).toBe(
      'Watch the rest of "Lesson 3" and pass "Quiz 2" to get your certificate.',
    );
  });

  it('names lessons only, or quizzes only', () => {
    expect(completionSentence({ lessons: ['Intro'], quizzes: [] })).toBe(
      'Watch the rest of "Intro" to get your certificate.',
    );
    expect(completionSentence({ lessons: [], quizzes: ['Quiz 1', 'Quiz 2'] })).toBe(
      'Pass "Quiz 1" and "Quiz 2" to get your certificate.',
    );
  });

  it('lists up to three names, then counts the rest', () => {
    expect(completionSentence({ lessons: ['A', 'B', 'C'], quizzes: ['Q'] })).toBe(
      'Watch the rest of "A", "B" and "C", and pass "Q" to get your certificate.',
    );
    expect(
      completionSentence({ lessons: ['A', 'B', 'C', 'D'], quizzes: ['Q1', 'Q2', 'Q3', 'Q4', 'Q5'] }),
    ).toBe(
      'Watch the rest of "A", "B" and 2 more lessons, and pass "Q1", "Q2" and 3 more quizzes to get your certificate.',
    );
    expect(completionSentence({ lessons: [], quizzes: ['Q1', 'Q2', 'Q3'] })).toBe(
      'Pass "Q1", "Q2" and "Q3" to get your certificate.',
    );
  });

  it('is null when nothing is left', () => {
    expect(completionSentence({ lessons: [], quizzes: [] })).toBeNull();
  });
});

describe('whatIsLeft', () => {
  const series = (id: number, title: string) =>
    ({ id, title }) as TCourseDto['sectionDto'][0]['seriesList'][0];
  const quiz = (id: number, title: string) => ({
    id,
    title,
    questionCount: 2,
    passPercent: 70,
    passed: false,
    bestPercent: null,
  });
  const course = {
    sectionDto: [
      {
        id: 1,
        title: 'One',
        seriesList: [series(11, 'Lesson 1'), series(12, 'Lesson 2')],
        quizzes: [quiz(5, 'Quiz 1')],
      },
      { id: 2, title: 'Two', seriesList: [series(13, 'Lesson 3')], quizzes: [quiz(6, 'Quiz 2')] },
    ],
  } as TCourseDto;
  const progress = (watched: number[], passed: number[]) =>
    ({ watchedSeriesIds: watched, passedQuizIds: passed }) as TCourseProgress;

  it('takes the lessons the server saw watched and the quizzes passed from the progress answer, in outline order', () => {
    expect(whatIsLeft(course, progress([11, 12], [5]))).toEqual({
      lessons: ['Lesson 3'],
      quizzes: ['Quiz 2'],
    });
    expect(completionSentence(whatIsLeft(course, progress([11, 12], [5])))).toBe(
      'Watch the rest of "Lesson 3" and pass "Quiz 2" to get your certificate.',
    );
    expect(whatIsLeft(course, progress([11, 12, 13], [5, 6]))).toEqual({ lessons: [], quizzes: [] });
  });
});

describe('completionSentence with assignments', () => {
  it('names the required assignments still to pass after the lessons and quizzes', () => {
    expect(completionSentence({ lessons: [], quizzes: [], assignments: ['Build a CI pipeline'] })).toBe(
      'Pass the assignment "Build a CI pipeline" to get your certificate.',
    );
    expect(completionSentence({ lessons: ['L'], quizzes: ['Q'], assignments: ['A', 'B'] })).toBe(
      'Watch the rest of "L" and pass "Q", and pass the assignments "A" and "B" to get your certificate.',
    );
  });

  it('leaves out assignments passed or not required', () => {
    const left = whatIsLeft(
      { sectionDto: [] } as unknown as TCourseDto,
      { watchedSeriesIds: [], passedQuizIds: [], passedAssignmentIds: [7] } as unknown as TCourseProgress,
      [
        { id: 7, title: 'Passed one', requiredForCertificate: true },
        { id: 8, title: 'Optional one', requiredForCertificate: false },
        { id: 9, title: 'Still to do', requiredForCertificate: true },
      ],
    );
    expect(left.assignments).toEqual(['Still to do']);
  });
});
