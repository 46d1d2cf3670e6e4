import { screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';

import { PayslipPage } from './payslip-page';
import { buildUser, childUser, jsonResponse } from '@/testing/fixtures';
import { renderWithProviders, signIn, stubApi } from '@/testing/test-utils';

const jar = (name: 'SPEND' | 'SAVE' | 'GIVE', closing: number) => ({ jar: name, opening: 0, in: closing, out: 0, closing });

function statement(from: string, to: string) {
  return {
    childId: 'child-1',
    from,
    to,
    timeZone: 'UTC',
    opening: 0,
    closing: 3.6,
    earned: 3.6,
    jars: [jar('SPEND', 1.8), jar('SAVE', 1.8), jar('GIVE', 0)],
    lines: [],
  };
}

function renderPayslip(at: string) {
  return renderWithProviders(
    <MemoryRouter initialEntries={[at]}>
      <Routes>
        <Route path="/payslip/:childId" element={<PayslipPage />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('PayslipPage', () => {
  it('asks for this week without empty dates, which the server refuses', async () => {
    signIn(childUser('MONEY'));
    const { requests } = stubApi((request) =>
      request.path === '/children/child-1/statement' ? jsonResponse(200, statement('2024-05-06', '2024-05-12')) : undefined,
    );
    renderPayslip('/payslip/child-1');
    expect(await screen.findByText('This week you earned $3.60!')).toBeTruthy();
    expect(requests.filter((r) => r.path.includes('/statement')).map((r) => r.path)).toEqual([
      '/children/child-1/statement',
    ]);
  });

  it('asks for the Monday to Sunday of the week in the address', async () => {
    signIn(childUser('MONEY'));
    const { requests } = stubApi((request) =>
      request.path.startsWith('/children/child-1/statement?')
        ? jsonResponse(200, statement('2024-05-06', '2024-05-12'))
        : undefined,
    );
    renderPayslip('/payslip/child-1?week=2024-05-08');
    expect(await screen.findByText('This week you earned $3.60!')).toBeTruthy();
    expect(requests.map((r) => r.path)).toContain('/children/child-1/statement?from=2024-05-06&to=2024-05-12');
  });

  it("is a KIDS child's money, and a TEEN or ADULT child's payslip", async () => {
    stubApi((request) =>
      request.path === '/children/child-1/statement' ? jsonResponse(200, statement('2024-05-06', '2024-05-12')) : undefined,
    );
    signIn(childUser('MONEY'));
    const kids = renderPayslip('/payslip/child-1');
    expect(await screen.findByRole('heading', { name: 'My money', level: 1 })).toBeTruthy();
    expect(document.title).toMatch(/^My money/);
    kids.unmount();

    signIn(buildUser({ id: 'user-3', role: 'ORG_MEMBER', childId: 'child-1', profile: { uiTheme: 'TEEN', rewardDisplayType: 'MONEY' } }));
    renderPayslip('/payslip/child-1');
    expect(await screen.findByRole('heading', { name: 'My payslip', level: 1 })).toBeTruthy();
    expect(screen.queryByRole('heading', { name: 'My money' })).toBeNull();
  });
});
