import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';

import { useConfirm, type Confirmation } from './confirm-dialog';
import { Dialog } from './dialog';

const DELETE_SAM: Confirmation = {
  title: 'Delete Sam',
  message: 'Delete Sam? This removes their login, submissions and balance history.',
  confirmLabel: 'Delete',
  danger: true,
};

/** A Delete button asking first; `onAnswer` hears each answer, `onDelete` runs only on yes. */
function Harness({
  confirmation = DELETE_SAM,
  onDelete,
  onAnswer = () => undefined,
}: {
  confirmation?: Confirmation;
  onDelete: () => void;
  onAnswer?: (confirmed: boolean) => void;
}) {
  const [confirm, confirmDialog] = useConfirm();
  const onClick = async () => {
    const confirmed = await confirm(confirmation);
    onAnswer(confirmed);
    if (confirmed) onDelete();
  };
  return (
    <>
      <button type="button" onClick={() => void onClick()}>
        Delete Sam
      </button>
      <button type="button">Something else</button>
      {confirmDialog}
    </>
  );
}

function openerOf() {
  return screen.getByRole('button', { name: 'Delete Sam' });
}

describe('useConfirm and ConfirmDialog', () => {
  it('asks in a modal dialog named by its title and described by the question, focus on Cancel', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(<Harness onDelete={onDelete} />);
    expect(screen.queryByRole('dialog')).toBeNull();

    await user.click(openerOf());
    const dialog = screen.getByRole('dialog', { name: 'Delete Sam' });
    expect(dialog.getAttribute('aria-modal')).toBe('true');
    const describedBy = dialog.getAttribute('aria-describedby');
    expect(describedBy && document.getElementById(describedBy)?.textContent).toBe(DELETE_SAM.message);
    expect(within(dialog).getAllByRole('button').map((button) => button.textContent)).toEqual(['×', 'Cancel', 'Delete']);
    expect(document.activeElement).toBe(within(dialog).getByRole('button', { name: 'Cancel' }));
    // Nothing is done while the question is open.
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('runs the action once the confirm button is pressed, closes and gives focus back to the button that asked', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    const onAnswer = vi.fn();
    render(<Harness onDelete={onDelete} onAnswer={onAnswer} />);

    await user.click(openerOf());
    await user.click(within(screen.getByRole('dialog', { name: 'Delete Sam' })).getByRole('button', { name: 'Delete' }));

    expect(onDelete).toHaveBeenCalledTimes(1);
    expect(onAnswer.mock.calls).toEqual([[true]]);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.activeElement).toBe(openerOf());
  });

  it.each([
    ['Cancel', (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Cancel' }))],
    ['Escape', (user: ReturnType<typeof userEvent.setup>) => user.keyboard('{Escape}')],
    ['the close button', (user: ReturnType<typeof userEvent.setup>) => user.click(screen.getByRole('button', { name: 'Close' }))],
  ])('does nothing on %s, and gives focus back to the button that asked', async (_, answer) => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    const onAnswer = vi.fn();
    render(<Harness onDelete={onDelete} onAnswer={onAnswer} />);

    await user.click(openerOf());
    await answer(user);

    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onAnswer.mock.calls).toEqual([[false]]);
    expect(onDelete).not.toHaveBeenCalled();
    expect(document.activeElement).toBe(openerOf());

    // It asks again the next time.
    await user.click(openerOf());
    expect(screen.getByRole('dialog', { name: 'Delete Sam' })).toBeTruthy();
  });

  it('keeps Enter on the focused Cancel harmless', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    render(<Harness onDelete={onDelete} />);

    await user.click(openerOf());
    await user.keyboard('{Enter}');
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(onDelete).not.toHaveBeenCalled();
  });

  it('makes the confirm button red for a destructive action only', async () => {
    const user = userEvent.setup();
    const { unmount } = render(<Harness onDelete={() => undefined} />);
    await user.click(openerOf());
    expect(screen.getByRole('button', { name: 'Delete' }).className).toContain('btn--danger');
    unmount();

    render(
      <Harness
        onDelete={() => undefined}
        confirmation={{ title: 'Delete Sam', message: 'Ask for Pizza for $3.50?', confirmLabel: 'Redeem' }}
      />,
    );
    await user.click(openerOf());
    const redeem = screen.getByRole('button', { name: 'Redeem' });
    expect(redeem.className).toContain('btn--primary');
    expect(redeem.className).not.toContain('btn--danger');
  });

  it('answers no when the component asking goes away before an answer', async () => {
    const user = userEvent.setup();
    const onDelete = vi.fn();
    const onAnswer = vi.fn();
    const { unmount } = render(<Harness onDelete={onDelete} onAnswer={onAnswer} />);
    await user.click(openerOf());
    unmount();
    await waitFor(() => expect(onAnswer.mock.calls).toEqual([[false]]));
    expect(onDelete).not.toHaveBeenCalled();
    expect(document.body.style.overflow).toBe('');
  });
});

/** A form dialog whose closing asks first, as the two-factor setup does once its codes are shown. */
function NestedHarness({ onLeave }: { onLeave: () => void }) {
  const [open, setOpen] = useState(false);
  const [confirm, confirmDialog] = useConfirm();
  const close = async () => {
    if (!(await confirm({ title: 'Close without saving', message: 'Close without saving?', confirmLabel: 'Close without saving' }))) {
      return;
    }
    onLeave();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Set up
      </button>
      <Dialog open={open} onClose={() => void close()} title="Set up two-factor sign-in">
        <label>
          Code <input />
        </label>
      </Dialog>
      {confirmDialog}
    </>
  );
}

describe('a confirmation over another dialog', () => {
  it('alone answers Escape and Tab, then gives focus back inside the dialog under it', async () => {
    const user = userEvent.setup();
    const onLeave = vi.fn();
    render(<NestedHarness onLeave={onLeave} />);
    await user.click(screen.getByRole('button', { name: 'Set up' }));
    const setup = screen.getByRole('dialog', { name: 'Set up two-factor sign-in' });
    const field = within(setup).getByLabelText('Code');
    expect(document.activeElement).toBe(field);

    await user.keyboard('{Escape}');
    const question = screen.getByRole('dialog', { name: 'Close without saving' });
    const cancel = within(question).getByRole('button', { name: 'Cancel' });
    expect(document.activeElement).toBe(cancel);

    // Tab cycles within the question, not the dialog under it.
    await user.tab();
    expect(document.activeElement).toBe(within(question).getByRole('button', { name: 'Close without saving' }));
    await user.tab();
    expect(question.contains(document.activeElement)).toBe(true);

    // Escape closes the question only.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog', { name: 'Close without saving' })).toBeNull();
    expect(screen.getByRole('dialog', { name: 'Set up two-factor sign-in' })).toBeTruthy();
    expect(document.activeElement).toBe(field);
    expect(onLeave).not.toHaveBeenCalled();
    expect(document.body.style.overflow).toBe('hidden');

    // Asked again and confirmed, both close and the page scrolls again.
    await user.keyboard('{Escape}');
    await user.click(screen.getByRole('button', { name: 'Close without saving' }));
    expect(onLeave).toHaveBeenCalledTimes(1);
    expect(screen.queryByRole('dialog')).toBeNull();
    expect(document.body.style.overflow).toBe('');
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Set up' }));
  });
});
