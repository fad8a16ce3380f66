import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { CodeField, useCodeEntry } from './code-field';

function CodeForm({ onComplete }: { onComplete: (code: string) => void }) {
  const { code, setCode, incomplete, onSubmit } = useCodeEntry(onComplete);
  return (
    <form onSubmit={onSubmit}>
      <CodeField label="Code" code={code} setCode={setCode} invalid={incomplete} fieldClass="f" inputClass="i" />
      {incomplete ? <p role="alert">{'Six digits, please'}</p> : null}
      <button type="submit">{'Confirm'}</button>
    </form>
  );
}

describe('the 6-digit code field', () => {
  afterEach(cleanup);

  it('keeps only digits, at most six, so a pasted "123 456" works', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<CodeForm onComplete={onComplete} />);
    const field = screen.getByLabelText('Code');
    await user.click(field);
    await user.paste('123 456 78');
    expect(field).toHaveValue('123456');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onComplete).toHaveBeenCalledWith('123456');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('does not send an incomplete code and says why', async () => {
    const user = userEvent.setup();
    const onComplete = vi.fn();
    render(<CodeForm onComplete={onComplete} />);
    await user.type(screen.getByLabelText('Code'), '12a3');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(onComplete).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Six digits, please');
    expect(screen.getByLabelText('Code')).toHaveValue('123');
    expect(screen.getByLabelText('Code')).toHaveAttribute('aria-invalid', 'true');
  });
});
