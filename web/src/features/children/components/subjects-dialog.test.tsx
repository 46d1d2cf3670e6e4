import { MemoryRouter } from 'react-router';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import type { Child, Subject } from '../types';
import { ChildrenPage } from './children-page';
import { buildChild, buildSubject, openCardTab } from '@/testing/children';
import { jsonResponse } from '@/testing/fixtures';
import { renderWithProviders, stubApi, type ApiRequest } from '@/testing/test-utils';

/** The Children screen (its cards link to each child's payslip, so inside a router). */
function renderChildren() {
  return renderWithProviders(
    <MemoryRouter>
      <ChildrenPage />
    </MemoryRouter>,
  );
}

const math = buildSubject();
const science = buildSubject({
  id: 'subject-2',
  name: 'Science',
  teacher: 'Mr. Lee',
  period: '',
  gradeScale: 'PERCENTAGE',
  customScale: '{"thresholds":{"A":92}}',
  currentGrade: '92.5%',
  currentValue: 92.5,
  gradePoints: 4,
  grades: [
    { grade: 'A', percentage: 92.5, recordedAt: '2024-05-02T10:00:00Z' },
    { grade: 'B', percentage: 85, recordedAt: '2024-04-02T10:00:00Z' },
  ],
});
const art = buildSubject({
  id: 'subject-3',
  name: 'Art',
  isActive: false,
  currentGrade: 'A',
  currentValue: 4,
  gradePoints: 4,
});

const ungraded = { currentGrade: 'N/A', currentValue: null, gradePoints: null, grades: [] };

const LETTER_POINTS: Record<string, number> = { A: 4, B: 3, C: 2, D: 1, F: 0 };

/** What the server makes of a grade: the current grade and its points (default thresholds). */
function graded(subject: Subject, input: { grade?: string; percentage?: number }): Subject {
  if (input.percentage === undefined) {
    const letter = input.grade ?? 'F';
    return { ...subject, currentGrade: letter, currentValue: LETTER_POINTS[letter] ?? 0, gradePoints: LETTER_POINTS[letter] ?? 0 };
  }
  const letter = input.percentage >= 90 ? 'A' : input.percentage >= 80 ? 'B' : input.percentage >= 70 ? 'C' : 'D';
  return { ...subject, currentGrade: `${input.percentage}%`, currentValue: input.percentage, gradePoints: LETTER_POINTS[letter] ?? 0 };
}

/**
 * The children page with Sam, whose subjects start as `initial`. `more`
 * answers first (e.g. refusals); otherwise the server takes each change, so
 * the subjects read again afterwards show it. GET /children answers
 * `children()` each time (the child is read again after changes).
 */
function renderSubjects(
  more: (request: ApiRequest) => Response | undefined = () => undefined,
  initial: Subject[] = [math, science, art],
  children: () => Child[] = () => [buildChild({ gpa: 3.5, gpaLetter: 'B' })],
) {
  let subjects = initial;
  const server = ({ method, path, body }: ApiRequest): Response | undefined => {
    if (method === 'POST' && path === '/subjects/child-1') {
      const created = { ...(body as Subject), ...ungraded, id: 'subject-9', childId: 'child-1', isActive: true };
      subjects = [...subjects, created];
      return jsonResponse(201, created);
    }
    if (method === 'POST' && path === '/subjects/child-1/archive-all') {
      subjects = subjects.map((subject) => ({ ...subject, isActive: false }));
      return jsonResponse(200, { archived: 2 });
    }
    const [, id, action] = /^\/subjects\/([^/]+)(\/grade)?$/.exec(path) ?? [];
    const subject = subjects.find((item) => item.id === id);
    if (!subject) return undefined;
    const change = (saved: Subject | null) => {
      subjects = subjects.flatMap((item) => (item.id !== id ? [item] : saved ? [saved] : []));
      return saved ? jsonResponse(200, saved) : new Response(null, { status: 204 });
    };
    if (method === 'POST' && action) return change(graded(subject, body as { grade?: string; percentage?: number }));
    if (method === 'PUT') return change({ ...subject, ...(body as Partial<Subject>) });
    if (method === 'DELETE') return change(null);
    return undefined;
  };
  const api = stubApi((request) => {
    if (request.method === 'GET' && request.path === '/children') return jsonResponse(200, children());
    if (request.method === 'GET' && request.path === '/subjects/child-1') return jsonResponse(200, subjects);
    return more(request) ?? server(request);
  });
  renderChildren();
  return api;
}

/** Opens Sam's Subjects & Grades, under School on the card. */
async function openSubjects(user: ReturnType<typeof userEvent.setup>) {
  await openCardTab(user, await screen.findByRole('region', { name: 'Sam' }), 'School');
  await user.click(screen.getByRole('button', { name: 'Subjects & Grades of Sam' }));
  const dialog = screen.getByRole('dialog', { name: 'Subjects & Grades: Sam' });
  await within(dialog).findByRole('list', { name: 'Subjects' });
  return dialog;
}

const childReads = (requests: ApiRequest[]) =>
  requests.filter((request) => request.method === 'GET' && request.path === '/children').length;

describe('Subjects & Grades', () => {
  it('lists the subjects with grade and points; archived ones are faded, marked and cannot be graded', async () => {
    const user = userEvent.setup();
    renderSubjects();
    const dialog = await openSubjects(user);
    expect(within(dialog).getByText('GPA 3.50')).toBeTruthy();

    const items = within(dialog).getAllByRole('listitem', { name: /^(Math|Science|Art)$/ });
    expect(items.map((item) => item.getAttribute('aria-label'))).toEqual(['Math', 'Science', 'Art']);
    const [mathItem, scienceItem, artItem] = items as [HTMLElement, HTMLElement, HTMLElement];

    expect(within(mathItem).getByText('Current grade: B · 3.0 points')).toBeTruthy();
    expect(within(mathItem).getByText('Ms. Rivera · 2nd')).toBeTruthy();
    expect(within(mathItem).getByText('Letter (A-F)')).toBeTruthy();
    expect(within(mathItem).getByLabelText('Grade').tagName).toBe('SELECT');
    expect(mathItem.className).not.toContain('subject--archived');
    expect(within(mathItem).queryByText('Archived')).toBeNull();

    expect(within(scienceItem).getByText('Current grade: 92.5% · 4.0 points')).toBeTruthy();
    const percentage = within(scienceItem).getByLabelText<HTMLInputElement>('Percentage');
    expect([percentage.type, percentage.min, percentage.max, percentage.step]).toEqual(['number', '0', '100', '0.01']);
    const history = within(scienceItem).getByRole('list', { name: 'Grade history of Science' });
    expect(within(history).getAllByRole('listitem').map((row) => row.firstChild?.textContent)).toEqual([
      'A (92.50%)',
      'B (85.00%)',
    ]);

    expect(artItem.className).toContain('subject--archived');
    expect(within(artItem).getByText('Archived')).toBeTruthy();
    expect(within(artItem).queryByRole('button', { name: 'Record Grade' })).toBeNull();
    expect(within(artItem).queryByLabelText('Grade')).toBeNull();
    expect(within(artItem).getByRole('button', { name: 'Restore Art' })).toBeTruthy();
    expect(within(artItem).queryByRole('button', { name: 'Archive Art' })).toBeNull();
  });

  it('shows GPA N/A without graded subjects, and says when there are no subjects', async () => {
    const user = userEvent.setup();
    renderSubjects(undefined, [], () => [buildChild()]);
    await openCardTab(user, await screen.findByRole('region', { name: 'Sam' }), 'School');
    const button = screen.getByRole('button', { name: 'Subjects & Grades of Sam' });
    await user.click(button);
    const dialog = screen.getByRole('dialog', { name: 'Subjects & Grades: Sam' });
    expect(within(dialog).getByText('GPA N/A')).toBeTruthy();
    expect(await within(dialog).findByText(/No subjects yet/)).toBeTruthy();
    expect(within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Archive All' }).disabled).toBe(true);
  });

  it('records a letter grade, then reads the child again for the new GPA', async () => {
    const user = userEvent.setup();
    let gpa = 3.5;
    const { requests } = renderSubjects(
      ({ method, path }) => {
        if (method === 'POST' && path === '/subjects/subject-1/grade') gpa = 4;
        return undefined;
      },
      undefined,
      () => [buildChild({ gpa, gpaLetter: gpa === 4 ? 'A' : 'B' })],
    );
    const dialog = await openSubjects(user);
    const mathItem = within(dialog).getByRole('listitem', { name: 'Math' });

    await user.click(within(mathItem).getByRole('button', { name: 'Record Grade' }));
    expect(within(mathItem).getByRole('alert').textContent).toBe('Please choose a grade');
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
    expect(childReads(requests)).toBe(1);

    await user.selectOptions(within(mathItem).getByLabelText('Grade'), 'A');
    await user.click(within(mathItem).getByRole('button', { name: 'Record Grade' }));

    expect(await within(mathItem).findByText('Current grade: A · 4.0 points')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ grade: 'A' });
    expect(await within(dialog).findByText('GPA 4.00')).toBeTruthy();
    expect(childReads(requests)).toBe(2);
    expect(within(screen.getByRole('region', { name: 'Sam' })).getByText('GPA 4.00')).toBeTruthy();
    expect(within(mathItem).getByLabelText<HTMLSelectElement>('Grade').value).toBe('');
  });

  it('takes a percentage from 0 to 100 with two decimals at most, sent as a number', async () => {
    const user = userEvent.setup();
    let answer: Response | undefined;
    const { requests } = renderSubjects(({ method, path }) =>
      method === 'POST' && path === '/subjects/subject-2/grade' ? answer : undefined,
    );
    const dialog = await openSubjects(user);
    const item = within(dialog).getByRole('listitem', { name: 'Science' });
    const input = within(item).getByLabelText('Percentage');

    for (const value of ['100.5', '87.255']) {
      await user.clear(input);
      await user.type(input, value);
      await user.click(within(item).getByRole('button', { name: 'Record Grade' }));
      expect(within(item).getByRole('alert').textContent).toBe(
        'Percentage must be from 0 to 100 with at most two decimals',
      );
    }
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.clear(input);
    await user.type(input, '87.25');
    await user.click(within(item).getByRole('button', { name: 'Record Grade' }));
    expect(await within(item).findByText('Current grade: 87.25% · 3.0 points')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ percentage: 87.25 });

    answer = jsonResponse(409, { error: 'Conflict', message: 'Archived subjects cannot be graded' });
    await user.type(input, '90');
    await user.click(within(item).getByRole('button', { name: 'Record Grade' }));
    expect((await within(item).findByRole('alert')).textContent).toBe('Archived subjects cannot be graded');

    answer = new Response('', { status: 500 });
    await user.click(within(item).getByRole('button', { name: 'Record Grade' }));
    await waitFor(() => expect(within(item).getByRole('alert').textContent).toBe('Failed to update grade'));
  });

  it('adds a percentage subject with its own thresholds and weighted GPA values', async () => {
    const user = userEvent.setup();
    const { requests } = renderSubjects();
    const dialog = await openSubjects(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add Subject' }));
    const form = within(dialog).getByRole('form', { name: 'Add Subject' });
    expect(document.activeElement).toBe(within(form).getByLabelText('Name'));
    expect(within(form).getByLabelText<HTMLSelectElement>('Grade Scale').value).toBe('LETTER');
    expect(within(form).queryByLabelText('A minimum (%)')).toBeNull();
    const points = within(form).getByLabelText<HTMLInputElement>('A points');
    expect([points.step, points.min, points.max, points.placeholder]).toEqual(['0.1', '0', '5', '4.0']);

    await user.click(within(form).getByRole('button', { name: 'Add Subject' }));
    expect(within(form).getByText('Name is required')).toBeTruthy();

    await user.type(within(form).getByLabelText('Name'), ' Chemistry ');
    await user.selectOptions(within(form).getByLabelText('Grade Scale'), 'PERCENTAGE');
    const threshold = within(form).getByLabelText<HTMLInputElement>('A minimum (%)');
    expect([threshold.step, threshold.min, threshold.max, threshold.placeholder]).toEqual(['0.01', '0', '100', '90']);
    await user.type(threshold, '93');
    await user.type(within(form).getByLabelText('B minimum (%)'), '85');
    await user.type(within(form).getByLabelText('C minimum (%)'), '101');
    await user.type(points, '5');
    await user.type(within(form).getByLabelText('B points'), '3.25');
    await user.click(within(form).getByRole('button', { name: 'Add Subject' }));
    expect(within(form).getByText('Thresholds must be from 0 to 100')).toBeTruthy();
    expect(within(form).getByText('GPA values must be from 0 to 5 in steps of 0.1')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.clear(within(form).getByLabelText('C minimum (%)'));
    await user.clear(within(form).getByLabelText('B points'));
    await user.type(within(form).getByLabelText('B points'), '3.5');
    await user.click(within(form).getByRole('button', { name: 'Add Subject' }));

    const added = await within(dialog).findByRole('listitem', { name: 'Chemistry' });
    expect(within(added).getByText('Current grade: N/A')).toBeTruthy();
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Chemistry',
      teacher: '',
      period: '',
      gradeScale: 'PERCENTAGE',
      customScale: '{"thresholds":{"A":93,"B":85},"points":{"A":5,"B":3.5}}',
    });
    const names = within(dialog)
      .getAllByRole('listitem', { name: /^(Math|Science|Art|Chemistry)$/ })
      .map((item) => item.getAttribute('aria-label'));
    expect(names).toEqual(['Math', 'Science', 'Chemistry', 'Art']);
    expect(childReads(requests)).toBe(2);
  });

  it('edits a subject with its custom scale filled in, leaving thresholds out of letter subjects', async () => {
    const user = userEvent.setup();
    const custom = { ...math, customScale: '{"thresholds":{"A":95},"points":{"A":5}}' };
    const { requests } = renderSubjects(undefined, [custom]);
    const dialog = await openSubjects(user);
    await user.click(within(dialog).getByRole('button', { name: 'Edit Math' }));
    const form = within(dialog).getByRole('form', { name: 'Edit Math' });
    expect(within(form).getByLabelText<HTMLInputElement>('Name').value).toBe('Math');
    expect(within(form).getByLabelText<HTMLInputElement>('Teacher').value).toBe('Ms. Rivera');
    expect(within(form).getByLabelText<HTMLInputElement>('A points').value).toBe('5');

    await user.clear(within(form).getByLabelText('Name'));
    await user.type(within(form).getByLabelText('Name'), 'Algebra');
    await user.click(within(form).getByRole('button', { name: 'Save Subject' }));

    expect(await within(dialog).findByRole('listitem', { name: 'Algebra' })).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      name: 'Algebra',
      teacher: 'Ms. Rivera',
      period: '2nd',
      gradeScale: 'LETTER',
      customScale: '{"points":{"A":5}}',
    });
  });

  it("prefers the refusal's details, then its message, then its error, then 'Failed to save subject'", async () => {
    const user = userEvent.setup();
    const answers = [
      jsonResponse(400, { error: 'Bad Request', message: 'Invalid subject', details: 'Thresholds must go down' }),
      jsonResponse(400, { error: 'Bad Request', message: 'Invalid subject' }),
      jsonResponse(400, { error: 'Subject name taken' }),
      new Response('', { status: 500 }),
    ];
    renderSubjects(({ method }) => (method === 'POST' ? answers.shift() : undefined));
    const dialog = await openSubjects(user);
    await user.click(within(dialog).getByRole('button', { name: 'Add Subject' }));
    const form = within(dialog).getByRole('form', { name: 'Add Subject' });
    await user.type(within(form).getByLabelText('Name'), 'History');

    for (const expected of ['Thresholds must go down', 'Invalid subject', 'Subject name taken', 'Failed to save subject']) {
      await user.click(within(form).getByRole('button', { name: 'Add Subject' }));
      await waitFor(() => expect(within(form).getByRole('alert').textContent).toBe(expected));
    }
  });

  it('archives and restores a subject, keeping active ones first', async () => {
    const user = userEvent.setup();
    let restore: Response | undefined = jsonResponse(500, null);
    const { requests } = renderSubjects(({ method, path }) =>
      method === 'PUT' && path === '/subjects/subject-3' ? restore : undefined,
    );
    const dialog = await openSubjects(user);

    await user.click(within(dialog).getByRole('button', { name: 'Archive Math' }));
    const mathItem = await within(dialog).findByRole('button', { name: 'Restore Math' });
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({ isActive: false });
    const order = () =>
      within(dialog)
        .getAllByRole('listitem', { name: /^(Math|Science|Art)$/ })
        .map((item) => item.getAttribute('aria-label'));
    expect(order()).toEqual(['Science', 'Math', 'Art']);
    expect(mathItem.closest('li')?.className).toContain('subject--archived');
    expect(childReads(requests)).toBe(2);

    const artItem = within(dialog).getByRole('listitem', { name: 'Art' });
    await user.click(within(artItem).getByRole('button', { name: 'Restore Art' }));
    expect((await within(artItem).findByRole('alert')).textContent).toBe('Failed to update subject');

    restore = undefined;
    await user.click(within(artItem).getByRole('button', { name: 'Restore Art' }));
    await waitFor(() => expect(order()).toEqual(['Science', 'Art', 'Math']));
    expect(within(dialog).getByRole('listitem', { name: 'Art' }).className).not.toContain('subject--archived');
  });

  it('asks before deleting a subject and shows the fallback when it fails', async () => {
    const user = userEvent.setup();
    const { requests } = renderSubjects(({ method, path }) =>
      method === 'DELETE' && path !== '/subjects/subject-1' ? jsonResponse(500, null) : undefined,
    );
    const dialog = await openSubjects(user);

    // The question opens over the subjects dialog; Escape closes the question only.
    const deleteMath = within(dialog).getByRole('button', { name: 'Delete Math' });
    await user.click(deleteMath);
    const question = screen.getByRole('dialog', { name: 'Delete Math' });
    expect(within(question).getByText('Delete Math? Its grades are deleted too.')).toBeTruthy();
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Delete Math' })).toBeNull();
    expect(dialog.isConnected).toBe(true);
    expect(document.activeElement).toBe(deleteMath);
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(deleteMath);
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Math' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(within(dialog).queryByRole('listitem', { name: 'Math' })).toBeNull());

    const scienceItem = within(dialog).getByRole('listitem', { name: 'Science' });
    await user.click(within(scienceItem).getByRole('button', { name: 'Delete Science' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Science' })).getByRole('button', { name: 'Delete' }));
    expect((await within(scienceItem).findByRole('alert')).textContent).toBe('Failed to delete subject');
  });

  it('archives all active subjects after confirmation; a failure shows the fallback', async () => {
    const user = userEvent.setup();
    let refusal: Response | undefined = jsonResponse(500, null);
    const { requests } = renderSubjects(({ method, path }) =>
      method === 'POST' && path === '/subjects/child-1/archive-all' ? refusal : undefined,
    );
    const dialog = await openSubjects(user);
    const archiveAll = within(dialog).getByRole<HTMLButtonElement>('button', { name: 'Archive All' });

    const confirmArchiveAll = async () => {
      await user.click(archiveAll);
      const question = screen.getByRole('dialog', { name: 'Archive All' });
      await user.click(within(question).getByRole('button', { name: 'Archive All' }));
    };

    await user.click(archiveAll);
    const question = screen.getByRole('dialog', { name: 'Archive All' });
    expect(within(question).getByText(
      "Archive all of Sam's active subjects? They stop counting toward the GPA and can be restored one by one.",
    )).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog', { name: 'Archive All' })).toBeNull();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await confirmArchiveAll();
    expect((await within(dialog).findByRole('alert')).textContent).toBe('Failed to archive subjects');

    refusal = undefined;
    await confirmArchiveAll();
    await waitFor(() => expect(within(dialog).getAllByText('Archived')).toHaveLength(3));
    expect(within(dialog).queryByRole('button', { name: 'Record Grade' })).toBeNull();
    expect(archiveAll.disabled).toBe(true);
    expect(childReads(requests)).toBe(2);
  });
});
