import { act } from '@testing-library/react';
import { useRef, useState } from 'react';
import { hydrateRoot, type Root } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { useHydrated, useTypedBeforeHydration } from './use-hydrated';

/** A prerendered form in miniature: a text field, a box and a button that waits for the app. */
function Form() {
  const [name, setName] = useState('');
  const [agreed, setAgreed] = useState(false);
  const form = useRef<HTMLFormElement>(null);
  const hydrated = useHydrated();
  useTypedBeforeHydration(form, (field, value) => (field === 'name' ? setName(String(value)) : setAgreed(!!value)));
  return (
    <form ref={form}>
      <input aria-label="Name" name="name" value={name} onChange={(event) => setName(event.target.value)} />
      <input
        aria-label="Agreed"
        type="checkbox"
        name="agreed"
        checked={agreed}
        onChange={(event) => setAgreed(event.target.checked)}
      />
      <output>{`${name}|${agreed}`}</output>
      <button type="submit" disabled={!hydrated}>
        {'Send'}
      </button>
    </form>
  );
}

let root: Root | null = null;
afterEach(() => {
  act(() => root?.unmount());
  root = null;
  document.body.innerHTML = '';
});

const prerendered = () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<Form />);
  document.body.append(container);
  return container;
};
const input = (label: string) => document.querySelector(`input[aria-label="${label}"]`) as HTMLInputElement;
const button = () => document.querySelector('button') as HTMLButtonElement;

describe('a prerendered form', () => {
  it('keeps its button disabled until the app has hydrated it', async () => {
    const container = prerendered();
    expect(button().disabled).toBe(true);
    await act(async () => {
      root = hydrateRoot(container, <Form />);
    });
    expect(button().disabled).toBe(false);
  });

  it('takes over what was typed and checked before hydration', async () => {
    const container = prerendered();
    input('Name').value = 'Awa';
    input('Agreed').checked = true;
    await act(async () => {
      root = hydrateRoot(container, <Form />);
    });
    expect(document.querySelector('output')?.textContent).toBe('Awa|true');
    expect(input('Name').value).toBe('Awa');
  });

  it('changes nothing when nothing was typed', async () => {
    const container = prerendered();
    await act(async () => {
      root = hydrateRoot(container, <Form />);
    });
    expect(document.querySelector('output')?.textContent).toBe('|false');
  });
});
