import { describe, expect, it } from 'vitest';

import { listQuery, pageCount } from './list-query';

describe('listQuery', () => {
  it('leaves out ALL filters and an empty search, and always sends the page size', () => {
    expect(listQuery({ search: '  ', plan: 'ALL', status: 'ALL', page: 1 })).toEqual({ page: 1, pageSize: 20 });
    expect(listQuery({ search: ' does ', role: 'ORG_ADMIN', page: 3 })).toEqual({
      search: 'does',
      role: 'ORG_ADMIN',
      page: 3,
      pageSize: 20,
    });
  });
});

describe('pageCount', () => {
  it('counts at least one page', () => {
    expect(pageCount(0, 20)).toBe(1);
    expect(pageCount(20, 20)).toBe(1);
    expect(pageCount(21, 20)).toBe(2);
  });
});
