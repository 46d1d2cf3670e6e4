import { describe, expect, it } from 'vitest';

import { ApiError } from './api-client';
import { serverFieldErrors } from './field-errors';

const refusal = (details: Array<{ field?: string; message?: string }>) =>
  new ApiError(400, { error: 'Validation failed', message: details[0]?.message ?? 'Validation failed', details });

describe('serverFieldErrors', () => {
  it("puts each detail on the form field of the request's JSON field", () => {
    const error = refusal([
      { field: 'phone', message: 'Please enter a valid phone number' },
      { field: 'firstName', message: 'First name is too long' },
    ]);
    expect(serverFieldErrors(error, { phone: 'phone', firstName: 'firstName', email: 'email' })).toEqual({
      fields: { phone: 'Please enter a valid phone number', firstName: 'First name is too long' },
      rest: [],
    });
  });

  it('maps a JSON field onto a form field of another name', () => {
    const error = refusal([{ field: 'percentage', message: 'Percentage must be from 0 to 100' }]);
    expect(serverFieldErrors(error, { percentage: 'grade', grade: 'grade' }).fields).toEqual({
      grade: 'Percentage must be from 0 to 100',
    });
  });

  it("keeps the first message of a field, and the messages of fields the form does not show for the rest", () => {
    const error = refusal([
      { field: 'name', message: 'Name is required' },
      { field: 'name', message: 'Name is too long' },
      { field: 'customScale', message: 'Thresholds must go down' },
      { message: 'Something about the whole request' },
      { field: 'name', message: '  ' },
    ]);
    expect(serverFieldErrors(error, { name: 'name' })).toEqual({
      fields: { name: 'Name is required' },
      rest: ['Thresholds must go down', 'Something about the whole request'],
    });
  });

  it('places nothing for a refusal without details or a failure that is no API answer', () => {
    const empty = { fields: {}, rest: [] };
    expect(serverFieldErrors(new ApiError(409, { error: 'Conflict', message: 'Taken' }), { name: 'name' })).toEqual(empty);
    expect(serverFieldErrors(new ApiError(502, null), { name: 'name' })).toEqual(empty);
    expect(serverFieldErrors(new TypeError('Failed to fetch'), { name: 'name' })).toEqual(empty);
  });
});
