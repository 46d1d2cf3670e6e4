import { screen } from '@testing-library/react';
import { beforeAll, describe, expect, it } from 'vitest';

import { setLanguage } from '@/lib/i18n';
import { buildUser, childUser, jsonResponse } from '@/testing/fixtures';
import { preloadAllScreens, renderRoute, signIn, stubApi } from '@/testing/test-utils';
import type { User } from '@/types/api';

// The route tree's screens load on first use: loaded before the tests, they wait for none.
beforeAll(preloadAllScreens);

/** A child's screens, each with its title, what it says under it to a KIDS child, and otherwise (ADR 0117). */
const SCREENS = [
  { path: '/', title: 'My Dashboard', kids: 'See what you did and what you earned!', plain: 'Your chores, rewards and balance.' },
  { path: '/chores', title: 'My Chores', kids: 'Pick a chore and do it! Some need a rest first.', plain: 'Chores you can do, and when you can do them again.' },
  { path: '/submit', title: 'Submit Chore', kids: 'Did a chore? Tell your parents here!', plain: 'Tell your parents which chore you finished.' },
  { path: '/history', title: 'History', kids: 'The chores you sent, and what your parents said.', plain: 'Your chores waiting for review and recently reviewed.' },
  { path: '/payouts', title: 'Payouts', kids: 'Money you got from your balance.', plain: 'Money paid out of your balance.' },
  { path: '/store', title: 'Store', kids: 'Pick a reward and pay with your spend jar!', plain: 'Rewards you can buy with the money in your spend jar.' },
] as const;

const teen = () =>
  buildUser({ id: 'user-3', role: 'ORG_MEMBER', childId: 'child-1', profile: { uiTheme: 'TEEN', rewardDisplayType: 'MONEY' } });
const adult = () =>
  buildUser({ id: 'user-4', role: 'ORG_MEMBER', childId: 'child-1', profile: { uiTheme: 'ADULT', rewardDisplayType: 'MONEY' } });

/** The signed-in child's family with nothing yet: every list empty. */
function stubEmptyFamily(user: User) {
  stubApi(({ path }) => {
    if (path === '/users/me') return jsonResponse(200, user);
    if (path === '/chores/today') return jsonResponse(200, { date: '2030-03-03', timeZone: 'UTC', children: [] });
    if (path === '/dashboard/stats') return jsonResponse(200, { role: 'ORG_MEMBER' });
    if (path.startsWith('/children/')) return jsonResponse(404, { error: 'Not found' });
    return jsonResponse(200, []);
  });
}

/** What the screen at `path` says under its title. */
async function descriptionOf(path: string, title: string): Promise<string> {
  const view = renderRoute(path);
  await screen.findByRole('heading', { name: title, level: 1 });
  const text = document.querySelector('.page-header__description')?.textContent ?? '';
  view.unmount();
  return text;
}

describe("a child's screens in their theme's words (the `_kids` context)", () => {
  it.each(SCREENS)('$path speaks to a KIDS child in their words', async ({ path, title, kids }) => {
    const kid = childUser('MONEY');
    signIn(kid);
    stubEmptyFamily(kid);
    expect(await descriptionOf(path, title)).toBe(kids);
  });

  it.each(SCREENS)("$path keeps the plain words for a TEEN or ADULT child", async ({ path, title, plain }) => {
    for (const user of [teen(), adult()]) {
      signIn(user);
      stubEmptyFamily(user);
      expect(await descriptionOf(path, title)).toBe(plain);
    }
  });

  it('speaks to a KIDS child in their words in Spanish and German too', async () => {
    const kid = childUser('MONEY');
    signIn(kid);
    stubEmptyFamily(kid);
    await setLanguage('es');
    expect(await descriptionOf('/chores', 'Mis tareas')).toBe('¡Elige una tarea y hazla! Algunas tienen que descansar antes.');
    await setLanguage('de');
    expect(await descriptionOf('/history', 'Verlauf')).toBe('Die Aufgaben, die du gemeldet hast, und was deine Eltern gesagt haben.');
  });
});
