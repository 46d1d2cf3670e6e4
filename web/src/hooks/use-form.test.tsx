import { act, renderHook } from '@testing-library/react';
import type { FormEvent } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { useForm } from './use-form';
import { ApiError } from '@/lib/api-client';
import type { ApiErrorBody } from '@/types/api';

const submitEvent = () => ({ preventDefault: vi.fn() }) as unknown as FormEvent<HTMLFormElement>;
const validate = (values: { name: string }) => ({ name: values.name ? undefined : 'Name is required' });

describe('useForm', () => {
  it('sends nothing while a field is invalid, and clears the error as the field is edited', async () => {
    const submit = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useForm({ initial: { name: '' }, validate, submit, fallback: 'Failed' }));

    await act(() => result.current.onSubmit(submitEvent()));
    expect(submit).not.toHaveBeenCalled();
    expect(result.current.errors.name).toBe('Name is required');

    act(() => result.current.field('name').onChange({ target: { value: 'Sam' } }));
    expect(result.current.errors.name).toBeUndefined();
    expect(result.current.values.name).toBe('Sam');
  });

  it('sends valid values and marks the form saved until the next edit', async () => {
    const submit = vi.fn(() => Promise.resolve());
    const { result } = renderHook(() => useForm({ initial: { name: 'Sam' }, validate, submit, fallback: 'Failed' }));

    await act(() => result.current.onSubmit(submitEvent()));
    expect(submit).toHaveBeenCalledWith({ name: 'Sam' });
    expect(result.current.saved).toBe(true);
    expect(result.current.submitting).toBe(false);

    act(() => result.current.update('name', 'Sammy'));
    expect(result.current.saved).toBe(false);
  });

  it("shows the server's message, else the fallback", async () => {
    const failing = (body: ApiErrorBody) => () => Promise.reject(new ApiError(400, body));
    const server = renderHook(() =>
      useForm({ initial: { name: 'Sam' }, validate, submit: failing({ message: 'Taken' }), fallback: 'Failed' }),
    );
    await act(() => server.result.current.onSubmit(submitEvent()));
    expect(server.result.current.serverError).toBe('Taken');
    expect(server.result.current.saved).toBe(false);

    const silent = renderHook(() =>
      useForm({ initial: { name: 'Sam' }, validate, submit: () => Promise.reject(new Error('x')), fallback: 'Failed' }),
    );
    await act(() => silent.result.current.onSubmit(submitEvent()));
    expect(silent.result.current.serverError).toBe('Failed');
  });
});

describe('useForm with a refusal that names its fields', () => {
  const refused = (details: Array<{ field?: string; message?: string }>) => () =>
    Promise.reject(new ApiError(400, { error: 'Validation failed', message: 'Validation failed', details }));
  const initial = { name: 'Sam', phone: 'call me' };

  it("shows each message beside its field, with no alert, and clears it as the field is edited", async () => {
    const submit = refused([{ field: 'phone', message: 'Please enter a valid phone number' }]);
    const { result } = renderHook(() => useForm({ initial, validate: () => ({}), submit, fallback: 'Failed' }));

    await act(() => result.current.onSubmit(submitEvent()));
    expect(result.current.errors).toEqual({ phone: 'Please enter a valid phone number' });
    expect(result.current.field('phone').error).toBe('Please enter a valid phone number');
    expect(result.current.serverError).toBeNull();

    act(() => result.current.update('phone', '+1 555 0100'));
    expect(result.current.errors.phone).toBeUndefined();
  });

  it('alerts what no field of the form shows', async () => {
    const submit = refused([
      { field: 'name', message: 'Name is taken' },
      { field: 'timeZone', message: 'Unknown time zone' },
    ]);
    const { result } = renderHook(() => useForm({ initial, validate: () => ({}), submit, fallback: 'Failed' }));
    await act(() => result.current.onSubmit(submitEvent()));
    expect(result.current.errors).toEqual({ name: 'Name is taken' });
    expect(result.current.serverError).toBe('Unknown time zone');
  });

  it('places only the fields the form lists, under the names it gives', async () => {
    const submit = refused([{ field: 'percentage', message: 'Percentage must be from 0 to 100' }]);
    const { result } = renderHook(() =>
      useForm({
        initial: { grade: '101' },
        validate: () => ({}),
        submit,
        fallback: 'Failed',
        serverFields: { percentage: 'grade' },
      }),
    );
    await act(() => result.current.onSubmit(submitEvent()));
    expect(result.current.errors).toEqual({ grade: 'Percentage must be from 0 to 100' });

    const hidden = renderHook(() =>
      useForm({
        initial,
        validate: () => ({}),
        submit: refused([{ field: 'phone', message: 'Bad phone' }]),
        fallback: 'Failed',
        serverFields: { name: 'name' },
      }),
    );
    await act(() => hidden.result.current.onSubmit(submitEvent()));
    expect(hidden.result.current.errors).toEqual({});
    expect(hidden.result.current.serverError).toBe('Validation failed');
  });
});

describe('useForm with values that are not text', () => {
  it('sets a checkbox or a file with update() and sends them as they are', async () => {
    const submit = vi.fn(() => Promise.resolve());
    const photo = new File(['x'], 'proof.png', { type: 'image/png' });
    const { result } = renderHook(() =>
      useForm<{ name: string; requiresPhoto: boolean; photo: File | null }>({
        initial: { name: 'Sweep', requiresPhoto: false, photo: null },
        validate: (values) => ({ photo: values.requiresPhoto && !values.photo ? 'A photo is required' : undefined }),
        submit,
        fallback: 'Failed',
      }),
    );

    act(() => result.current.update('requiresPhoto', true));
    await act(() => result.current.onSubmit(submitEvent()));
    expect(result.current.errors.photo).toBe('A photo is required');

    act(() => result.current.update('photo', photo));
    expect(result.current.errors.photo).toBeUndefined();
    await act(() => result.current.onSubmit(submitEvent()));
    expect(submit).toHaveBeenCalledWith({ name: 'Sweep', requiresPhoto: true, photo });
  });
});
