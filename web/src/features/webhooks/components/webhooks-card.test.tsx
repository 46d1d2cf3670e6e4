import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';

import { WebhooksCard } from './webhooks-card';
import { jsonResponse } from '@/testing/fixtures';
import { fieldErrorOf, renderWithProviders, stubApi } from '@/testing/test-utils';

const SECRET = 'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw';
const hook = {
  id: 'hook-1',
  url: 'https://hooks.example.com/in',
  events: ['submission.created', 'balance.changed'],
  createdAt: '2030-01-07T12:00:00Z',
  disabledAt: null,
};

describe('Webhooks card', () => {
  it('adds a webhook, shows its secret once, and shows a refused address beside the URL', async () => {
    const user = userEvent.setup();
    let hooks: (typeof hook)[] = [];
    const api = stubApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/webhooks') return jsonResponse(200, hooks);
      if (method === 'POST' && path === '/webhooks') {
        const { url, events } = body as { url: string; events: string[] };
        if (url.includes('10.0.0.1')) {
          const message = 'This address points to a private network and cannot be used';
          return jsonResponse(400, { error: message, message, details: [{ field: 'url', message }] });
        }
        hooks = [{ ...hook, url, events }];
        return jsonResponse(201, { webhook: hooks[0], secret: SECRET });
      }
      return undefined;
    });
    renderWithProviders(<WebhooksCard />);
    await screen.findByText('No webhooks yet.');

    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const dialog = within(screen.getByRole('dialog', { name: 'Add a webhook' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Every event' }));
    await user.click(dialog.getByRole('button', { name: 'Add webhook' }));
    expect(fieldErrorOf(dialog.getByLabelText(/^URL/))).toBe('URL is required');
    expect(dialog.getByText('Choose at least one event')).toBeTruthy();
    expect(api.requests.filter((r) => r.method === 'POST')).toHaveLength(0);

    await user.click(dialog.getByRole('checkbox', { name: 'Chore sent for review' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Balance changed' }));
    await user.type(dialog.getByLabelText(/^URL/), 'http://10.0.0.1/hook');
    await user.click(dialog.getByRole('button', { name: 'Add webhook' }));
    await dialog.findByText('This address points to a private network and cannot be used');
    expect(fieldErrorOf(dialog.getByLabelText(/^URL/))).toBe('This address points to a private network and cannot be used');

    await user.clear(dialog.getByLabelText(/^URL/));
    await user.type(dialog.getByLabelText(/^URL/), hook.url);
    await user.click(dialog.getByRole('button', { name: 'Add webhook' }));
    const secret = within(await screen.findByRole('dialog', { name: 'Your signing secret' }));
    expect(secret.getByRole<HTMLInputElement>('textbox', { name: 'Signing secret' }).value).toBe(SECRET);
    expect(api.requests.filter((r) => r.method === 'POST').at(-1)?.body).toEqual({ url: hook.url, events: ['submission.created', 'balance.changed'] });
    await user.click(secret.getByRole('button', { name: 'Done' }));

    const list = within(await screen.findByRole('list', { name: 'Webhooks' }));
    expect(list.getByText('Chore sent for review, Balance changed')).toBeTruthy();
    expect(screen.queryByText(SECRET)).toBeNull();
    expect(screen.queryByDisplayValue(SECRET)).toBeNull();
  });

  it('deletes a webhook only once the question in the app is answered Delete', async () => {
    const user = userEvent.setup();
    let hooks = [hook];
    const { requests } = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/webhooks') return jsonResponse(200, hooks);
      if (method === 'DELETE' && path === '/webhooks/hook-1') {
        hooks = [];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    renderWithProviders(<WebhooksCard />);
    const remove = await screen.findByRole('button', { name: `Delete the webhook ${hook.url}` });

    await user.click(remove);
    const question = screen.getByRole('dialog', { name: `Delete the webhook ${hook.url}` });
    expect(within(question).getByText(`Delete the webhook ${hook.url}? Nothing more is sent to it.`)).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(remove);
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(remove);
    const confirm = within(screen.getByRole('dialog', { name: `Delete the webhook ${hook.url}` })).getByRole('button', {
      name: 'Delete',
    });
    expect(confirm.className).toContain('btn--danger');
    await user.click(confirm);
    expect(await screen.findByText('No webhooks yet.')).toBeTruthy();
    expect(requests.filter((request) => request.method === 'DELETE').map((request) => request.path)).toEqual([
      '/webhooks/hook-1',
    ]);
  });

  it('shows a turned-off endpoint as such', async () => {
    stubApi(({ method, path }) =>
      method === 'GET' && path === '/webhooks' ? jsonResponse(200, [{ ...hook, events: ['*'], disabledAt: '2030-01-08T12:00:00Z' }]) : undefined,
    );
    renderWithProviders(<WebhooksCard />);
    const list = within(await screen.findByRole('list', { name: 'Webhooks' }));
    expect(list.getByText('Every event')).toBeTruthy();
    expect(list.getByText('Turned off')).toBeTruthy();
  });
});
