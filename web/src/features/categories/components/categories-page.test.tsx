import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';

import type { Category } from '../types';
import { CategoriesPage } from './categories-page';
import { jsonResponse } from '@/testing/fixtures';
import { renderWithProviders, stubApi } from '@/testing/test-utils';

const kitchen: Category = { id: 'cat-1', name: 'Kitchen', description: 'Dishes and counters', choreCount: 2 };
const garden: Category = { id: 'cat-2', name: 'Garden', description: '', choreCount: 1 };

describe('CategoriesPage', () => {
  it('shows a card per category with its description and chore count', async () => {
    stubApi(({ path }) => (path === '/categories' ? jsonResponse(200, [garden, kitchen]) : undefined));
    renderWithProviders(<CategoriesPage />);

    const card = await screen.findByRole('region', { name: 'Kitchen' });
    expect(within(card).getByText('Dishes and counters')).toBeTruthy();
    expect(within(card).getByText('2 chores')).toBeTruthy();
    expect(within(screen.getByRole('region', { name: 'Garden' })).getByText('1 chore')).toBeTruthy();
  });

  it("shows the server's text when the categories cannot be loaded, else the fallback", async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    stubApi(() => jsonResponse(500, { error: 'Internal', message: 'Database is down' }));
    const { unmount } = renderWithProviders(<CategoriesPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Database is down');
    unmount();

    stubApi(() => new Response('', { status: 502 }));
    renderWithProviders(<CategoriesPage />);
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to load categories');
  });

  it('requires a name, then adds the category and shows the list as the server sorts it', async () => {
    const user = userEvent.setup();
    let categories = [kitchen];
    const { requests } = stubApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/categories') return jsonResponse(200, categories);
      if (method === 'POST' && path === '/categories') {
        const created = { id: 'cat-3', choreCount: 0, ...(body as { name: string; description: string }) };
        categories = [created, ...categories];
        return jsonResponse(201, created);
      }
      return undefined;
    });
    renderWithProviders(<CategoriesPage />);
    await screen.findByRole('region', { name: 'Kitchen' });

    await user.click(screen.getByRole('button', { name: 'Add Category' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Category' });
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    expect(within(dialog).getByText('Name is required')).toBeTruthy();
    expect(requests.some((request) => request.method === 'POST')).toBe(false);

    await user.type(within(dialog).getByLabelText('Name'), ' Bathroom ');
    await user.type(within(dialog).getByLabelText('Description'), 'Sink and tub');
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      name: 'Bathroom',
      description: 'Sink and tub',
    });
    const names = screen.getAllByRole('region').map((region) => region.getAttribute('aria-label'));
    expect(names).toEqual(['Bathroom', 'Kitchen']);
  });

  it("shows the server's text when saving fails", async () => {
    const user = userEvent.setup();
    stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/categories') return jsonResponse(200, [kitchen]);
      if (method === 'POST') return jsonResponse(409, { error: 'Conflict', message: 'A category named Kitchen already exists' });
      return undefined;
    });
    renderWithProviders(<CategoriesPage />);
    await user.click(await screen.findByRole('button', { name: 'Add Category' }));
    const dialog = screen.getByRole('dialog', { name: 'Add Category' });
    await user.type(within(dialog).getByLabelText('Name'), 'Kitchen');
    await user.click(within(dialog).getByRole('button', { name: 'Add Category' }));
    expect((await within(dialog).findByRole('alert')).textContent).toBe('A category named Kitchen already exists');
  });

  it('edits a category', async () => {
    const user = userEvent.setup();
    let saved = kitchen;
    const { requests } = stubApi(({ method, path, body }) => {
      if (method === 'GET' && path === '/categories') return jsonResponse(200, [saved]);
      if (method === 'PUT' && path === '/categories/cat-1') {
        saved = { ...kitchen, ...(body as object) };
        return jsonResponse(200, saved);
      }
      return undefined;
    });
    renderWithProviders(<CategoriesPage />);

    await user.click(await screen.findByRole('button', { name: 'Edit Kitchen' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit Kitchen' });
    expect(within(dialog).getByLabelText<HTMLInputElement>('Name').value).toBe('Kitchen');
    await user.clear(within(dialog).getByLabelText('Name'));
    await user.type(within(dialog).getByLabelText('Name'), 'Cooking');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    expect(await screen.findByRole('region', { name: 'Cooking' })).toBeTruthy();
    expect(requests.find((request) => request.method === 'PUT')?.body).toEqual({
      name: 'Cooking',
      description: 'Dishes and counters',
    });
  });

  it('asks before deleting, and shows why the server refused', async () => {
    const user = userEvent.setup();
    let categories = [garden, kitchen];
    const { requests } = stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/categories') return jsonResponse(200, categories);
      if (method === 'DELETE' && path === '/categories/cat-1') {
        return jsonResponse(409, { error: 'Conflict', message: 'This category still has active chores' });
      }
      if (method === 'DELETE' && path === '/categories/cat-2') {
        categories = [kitchen];
        return new Response(null, { status: 204 });
      }
      return undefined;
    });
    renderWithProviders(<CategoriesPage />);

    const kitchenCard = await screen.findByRole('region', { name: 'Kitchen' });
    await user.click(within(kitchenCard).getByRole('button', { name: 'Delete Kitchen' }));
    const question = screen.getByRole('dialog', { name: 'Delete Kitchen' });
    expect(within(question).getByText('Delete the category Kitchen?')).toBeTruthy();
    await user.click(within(question).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(requests.some((request) => request.method === 'DELETE')).toBe(false);

    await user.click(within(kitchenCard).getByRole('button', { name: 'Delete Kitchen' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Kitchen' })).getByRole('button', { name: 'Delete' }));
    expect((await within(kitchenCard).findByRole('alert')).textContent).toBe('This category still has active chores');

    await user.click(screen.getByRole('button', { name: 'Delete Garden' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Garden' })).getByRole('button', { name: 'Delete' }));
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Garden' })).toBeNull());
    expect(screen.getByRole('region', { name: 'Kitchen' })).toBeTruthy();
  });

  it('falls back to the product text when deleting fails without a text', async () => {
    const user = userEvent.setup();
    stubApi(({ method, path }) => {
      if (method === 'GET' && path === '/categories') return jsonResponse(200, [kitchen]);
      if (method === 'DELETE') return jsonResponse(500, null);
      return undefined;
    });
    renderWithProviders(<CategoriesPage />);
    await user.click(await screen.findByRole('button', { name: 'Delete Kitchen' }));
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Kitchen' })).getByRole('button', { name: 'Delete' }));
    expect((await screen.findByRole('alert')).textContent).toBe('Failed to delete category');
  });
});
