import { describe, expect, it } from 'vitest';

import { actionsFor } from './organization-actions';
import { buildOrganization } from '@/testing/admin';

const keys = (overrides: Parameters<typeof buildOrganization>[0]) =>
  actionsFor(buildOrganization(overrides)).map((action) => action.key);

describe('actionsFor', () => {
  it('offers Upgrade only on the FREE plan', () => {
    expect(keys({ plan: 'FREE' })).toContain('upgrade');
    expect(keys({ plan: 'PRO' })).not.toContain('upgrade');
    expect(keys({ plan: 'ENTERPRISE' })).not.toContain('upgrade');
  });

  it('offers Suspend on active TRIAL or ACTIVE families and Activate otherwise', () => {
    expect(keys({ plan: 'PRO', subscriptionStatus: 'TRIAL' })).toEqual(['suspend']);
    expect(keys({ plan: 'PRO', subscriptionStatus: 'ACTIVE' })).toEqual(['suspend']);
    expect(keys({ plan: 'PRO', subscriptionStatus: 'CANCELED' })).toEqual(['activate']);
    expect(keys({ plan: 'PRO', subscriptionStatus: 'ACTIVE', isActive: false })).toEqual(['activate']);
  });
});
