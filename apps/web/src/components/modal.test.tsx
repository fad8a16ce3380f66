import { act, cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { Modal } from './modal';

// jsdom has <dialog> but not its modal methods: open and close as the browser does (close fires
// 'close', and does nothing on a closed dialog), without the focus moves, which the shell makes.
beforeAll(() => {
  HTMLDialogElement.prototype.showModal = function showModal(this: HTMLDialogElement) {
    this.setAttribute('open', '');
  };
  HTMLDialogElement.prototype.close = function close(this: HTMLDialogElement) {
    if (!this.open) return;
    this.removeAttribute('open');
    this.dispatchEvent(new Event('close'));
  };
});

/** Escape, as the browser handles it: cancel, then the dialog closes unless cancel was prevented. */
function pressEscape(dialog: HTMLDialogElement) {
  act(() => {
    if (fireEvent(dialog, new Event('cancel', { cancelable: true }))) dialog.close();
  });
}

/** A page with a button that opens the dialog; the dialog's own Close button and Escape close it. */
function Page({ onClose }: { onClose: () => void }) {
  const [open, setOpen] = useState(false);
  const close = () => {
    onClose();
    setOpen(false);
  };
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        {'Open'}
      </button>
      <Modal
        open={open}
        title="Is this price right?"
        onClose={close}
        actions={
          <button type="button" onClick={close}>
            {'Close'}
          </button>
        }
      >
        <p>{'Check the currency.'}</p>
        <input aria-label="Note" />
      </Modal>
    </>
  );
}

describe('the modal dialog shell', () => {
  afterEach(cleanup);

  it('opens as a modal named by its heading, with its content and actions', async () => {
    const user = userEvent.setup();
    render(<Page onClose={vi.fn()} />);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Is this price right?' });
    expect(dialog).toHaveAttribute('open');
    expect(dialog).toHaveClass('modal');
    expect(screen.getByRole('heading', { level: 2, name: 'Is this price right?' })).toHaveClass('modal-title');
    expect(dialog).toHaveTextContent('Check the currency.');
  });

  it('closes with its close button, calls onClose once and gives the focus back to the opener', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Is this price right?' }) as HTMLDialogElement;
    await user.click(screen.getByRole('button', { name: 'Close' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(false);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('closes on Escape, calls onClose once and gives the focus back to the opener', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    const opener = screen.getByRole('button', { name: 'Open' });
    await user.click(opener);
    const dialog = screen.getByRole('dialog', { name: 'Is this price right?' }) as HTMLDialogElement;
    await user.click(screen.getByRole('textbox', { name: 'Note' }));
    pressEscape(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(false);
    expect(opener).toHaveFocus();
    // And it opens again.
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Is this price right?' })).toHaveAttribute('open');
  });

  it('closes on a click on the backdrop, not on one inside it', async () => {
    const user = userEvent.setup();
    const onClose = vi.fn();
    render(<Page onClose={onClose} />);
    await user.click(screen.getByRole('button', { name: 'Open' }));
    const dialog = screen.getByRole('dialog', { name: 'Is this price right?' }) as HTMLDialogElement;
    await user.click(screen.getByText('Check the currency.'));
    expect(onClose).not.toHaveBeenCalled();
    await user.click(dialog);
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(dialog.open).toBe(false);
  });

  it('gives the focus back when its owner stops rendering it while open (a confirm answered)', async () => {
    const user = userEvent.setup();
    function Confirm() {
      const [asking, setAsking] = useState(false);
      return (
        <>
          <button type="button" onClick={() => setAsking(true)}>
            {'Delete'}
          </button>
          {asking ? (
            <Modal
              open
              title="Are you sure?"
              onClose={() => setAsking(false)}
              actions={
                <button type="button" onClick={() => setAsking(false)}>
                  {'No'}
                </button>
              }
            >
              {null}
            </Modal>
          ) : null}
        </>
      );
    }
    render(<Confirm />);
    const opener = screen.getByRole('button', { name: 'Delete' });
    await user.click(opener);
    expect(screen.getByRole('dialog', { name: 'Are you sure?' })).toHaveAttribute('open');
    await user.click(screen.getByRole('button', { name: 'No' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    expect(opener).toHaveFocus();
  });

  it('leaves the focus where an action put it on purpose', async () => {
    const user = userEvent.setup();
    function Form() {
      const [asking, setAsking] = useState(false);
      return (
        <>
          <input aria-label="Price" />
          <button type="button" onClick={() => setAsking(true)}>
            {'Publish'}
          </button>
          <Modal
            open={asking}
            title="Is this price right?"
            onClose={() => setAsking(false)}
            actions={
              <button
                type="button"
                onClick={() => {
                  setAsking(false);
                  screen.getByRole('textbox', { name: 'Price' }).focus();
                }}
              >
                {'Change the price'}
              </button>
            }
          >
            {null}
          </Modal>
        </>
      );
    }
    render(<Form />);
    await user.click(screen.getByRole('button', { name: 'Publish' }));
    await user.click(screen.getByRole('button', { name: 'Change the price' }));
    expect(screen.getByRole('textbox', { name: 'Price' })).toHaveFocus();
  });
});
