import { describe, expect, it } from 'vitest';

import { navigationFor, shortcutsFor, type NavItem } from './navigation';

function flatten(items: NavItem[]): Array<[string, string]> {
  return items.flatMap((item) =>
    item.kind === 'menu'
      ? item.items.map((child): [string, string] => [`${item.label} > ${child.label}`, child.to])
      : [[item.label, item.to] as [string, string]],
  );
}

describe('navigationFor', () => {
  it.each(['ORG_ADMIN', 'SUPER_ADMIN'])('gives %s the parent navigation', (role) => {
    expect(flatten(navigationFor(role))).toEqual([
      ['Dashboard', '/'],
      ['Family > Children', '/children'],
      ['Family > Parents and Adults', '/team'],
      ['Chores > Today', '/today'],
      ['Chores > Manage Chores', '/chores'],
      ['Chores > Manage Categories', '/categories'],
      ['Reviews', '/approval'],
      ['Payouts', '/payouts'],
      ['Store', '/store'],
      ['Settings', '/settings'],
    ]);
  });

  it('gives children their own navigation', () => {
    expect(flatten(navigationFor('ORG_MEMBER'))).toEqual([
      ['My Dashboard', '/'],
      ['Do Chore', '/submit'],
      ['My Chores', '/chores'],
      ['History', '/history'],
      ['Store', '/store'],
    ]);
  });
});

describe('shortcutsFor', () => {
  it('gives a child their home, a chore, their history and payouts', () => {
    expect(shortcutsFor('ORG_MEMBER').map((item) => [item.label, item.to])).toEqual([
      ['Home', '/'],
      ['Do Chore', '/submit'],
      ['History', '/history'],
      ['Payouts', '/payouts'],
    ]);
  });

  it.each(['ORG_ADMIN', 'SUPER_ADMIN'])('gives %s none', (role) => {
    expect(shortcutsFor(role)).toEqual([]);
  });
});
