import { describe, expect, it } from 'vitest';
import { screen, within } from '@testing-library/react';
import type { TAssignmentListResponse } from '@app/contract/assignments';
import { renderWithApp } from '@/test/render-with-app.tsx';
import { OutlineAssignments } from './OutlineAssignments.tsx';

type Item = TAssignmentListResponse['assignments'][number];
const item = (id: number, title: string, standing: Partial<Item['standing']>, required = true) =>
  ({
    id,
    title,
    requiredForCertificate: required,
    standing: {
      status: null,
      passed: false,
      attemptsUsed: 0,
      resubmissionsLeft: 1,
      dueAt: null,
      ...standing,
    },
  }) as Item;

describe('OutlineAssignments', () => {
  it("lists a section's assignments with the student's standing, each leading to its page", () => {
    renderWithApp(
      <OutlineAssignments
        assignments={[
          item(5, 'Build a CI pipeline', { status: 'returned' }),
          item(6, 'Write a README', { status: 'passed', passed: true }, false),
        ]}
      />,
    );
    const list = screen.getByRole('list', { name: 'Assignments' });
    const first = within(list).getByRole('link', { name: /Assignment: Build a CI pipeline/ });
    expect(first).toHaveAttribute('href', '/home/assignment/5');
    expect(first).toHaveTextContent('Returned: resubmit · required for the certificate');
    const second = within(list).getByRole('link', { name: /Assignment: Write a README/ });
    expect(second).toHaveTextContent('Passed');
    expect(within(second).getByLabelText('passed')).toBeVisible();
  });
});
