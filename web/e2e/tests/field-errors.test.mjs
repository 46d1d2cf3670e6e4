// A problem only the server finds with one field reaches the page beside that
// field: the answer's details name the field (its JSON name), and the form
// marks the field invalid and describes it with the server's message.
import assert from 'node:assert/strict';
import { describe, test } from 'node:test';

import {
  createCategory,
  fieldError,
  inviteChild,
  loginThroughUi,
  refusedWithDetail,
  registerParent,
  sharedBrowser,
  uniqueEmail,
  uniqueSuffix,
  withPage,
} from '../lib/harness.mjs';

const browser = sharedBrowser();

describe('field errors from the server', () => {
  test('auth: a phone number the server refuses shows beside Phone on the profile', async (t) => {
    const parent = await registerParent();
    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, parent);
      await page.goto('/profile');
      const form = page.getByRole('form', { name: 'Personal information' });
      // The form itself does not check phone numbers: only the server does.
      await form.getByLabel('Phone').fill('call me');

      await refusedWithDetail(page, 'PUT', '/users/me', form.getByRole('button', { name: 'Save Changes' }), 'phone');
      assert.equal(await fieldError(form.getByLabel('Phone')), 'Please enter a valid phone number');
      assert.equal(await form.getByLabel('Email').getAttribute('aria-invalid'), null);
      assert.equal(await form.getByText('Profile updated successfully').count(), 0);
    });
  });

  test("family: a child's phone the server refuses shows beside Phone in Add Child", async (t) => {
    const parent = await registerParent();
    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, parent);
      await page.goto('/children');
      await page.getByRole('button', { name: 'Add Child' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Child' });
      await dialog.getByLabel('First Name').fill(`Robin${uniqueSuffix().slice(-4)}`);
      await dialog.getByLabel('Email').fill(uniqueEmail('e2e-child'));
      await dialog.getByLabel('Phone').fill('call me');

      const send = dialog.getByRole('button', { name: 'Send Invitation' });
      await refusedWithDetail(page, 'POST', '/children/invite', send, 'phone');
      assert.equal(await fieldError(dialog.getByLabel('Phone')), 'Please enter a valid phone number');
      assert.equal(await dialog.getByLabel('Email').getAttribute('aria-invalid'), null);
    });
  });

  test('chores: a base reward over the limit shows beside Base Reward in Add Chore', async (t) => {
    const parent = await registerParent();
    const category = await createCategory(parent.token, { name: `Kitchen ${uniqueSuffix().slice(-4)}` });
    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, parent);
      await page.goto('/chores');
      await page.getByRole('button', { name: 'Add Chore' }).click();
      const dialog = page.getByRole('dialog', { name: 'Add Chore' });
      await dialog.getByLabel('Name').fill('Polish the silver');
      // A well-formed amount: only the server knows the largest reward.
      await dialog.getByLabel('Base Reward').fill('20000');
      await dialog.getByLabel('Category').selectOption({ label: category.name });

      await refusedWithDetail(page, 'POST', '/chores', dialog.getByRole('button', { name: 'Add Chore' }), 'baseReward');
      assert.equal(await fieldError(dialog.getByLabel('Base Reward')), 'Base reward must be at most 10000.00');
      assert.equal(await dialog.getByLabel('Name').getAttribute('aria-invalid'), null);
    });
  });

  test('rewards: a subject name over the limit shows beside Name in Add Subject', async (t) => {
    const parent = await registerParent();
    const childName = `Ada${uniqueSuffix().slice(-4)}`;
    const { child } = await inviteChild(parent.token, { firstName: childName, name: childName });
    await withPage(browser(), t, async (page) => {
      await loginThroughUi(page, parent);
      await page.goto('/children');
      await page.getByRole('tab', { name: `School for ${childName}` }).click();
      await page.getByRole('button', { name: `Subjects & Grades of ${childName}` }).click();
      const dialog = page.getByRole('dialog', { name: `Subjects & Grades: ${childName}` });
      await dialog.getByRole('button', { name: 'Add Subject' }).click();
      const form = dialog.getByRole('form', { name: 'Add Subject' });
      // Any length is fine to the form: the server keeps names to 100 characters.
      await form.getByLabel('Name').fill('Advanced '.repeat(12));

      const add = form.getByRole('button', { name: 'Add Subject' });
      await refusedWithDetail(page, 'POST', `/subjects/${child.id}`, add, 'name');
      assert.equal(await fieldError(form.getByLabel('Name')), 'Name must be at most 100 characters');
      assert.equal(await form.getByLabel('Teacher').getAttribute('aria-invalid'), null);
    });
  });
});
