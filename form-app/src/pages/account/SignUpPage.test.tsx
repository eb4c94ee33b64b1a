import { createRoot } from 'react-dom/client';
import { afterEach, describe, expect, it } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import { App } from '../../App.tsx';
import { forbidNetwork } from '../../testing/harness.tsx';

let unmount: (() => void) | undefined;
afterEach(() => {
  unmount?.();
  unmount = undefined;
});

async function renderApp(path: string): Promise<void> {
  const container = document.createElement('div');
  document.body.append(container);
  const root = createRoot(container);
  root.render(<App initialPath={path} />);
  unmount = () => {
    root.unmount();
    container.remove();
  };
  await expect.element(page.getByRole('heading', { level: 1 }), { timeout: 15_000 }).toBeVisible();
}

/** What a screen reader reads for each requirement, in order. */
function spokenRequirements(): string[] {
  return Array.from(
    document.querySelectorAll('#password-requirements li'),
    (item) => item.textContent,
  );
}

describe('SignUpPage: the password requirements follow the typing', () => {
  it('shows each rule from the typed password, before and after a failed Submit', async () => {
    // Nothing here reaches the server: SPEC §5's checks refuse "abc" in the browser.
    forbidNetwork();
    await renderApp('/signup');
    expect(spokenRequirements().every((rule) => rule.startsWith('Not checked yet: '))).toBe(true);

    const password = page.elementLocator(document.getElementById('password') ?? document.body);
    await userEvent.type(
      page.elementLocator(document.getElementById('username') ?? document.body),
      'ada@example.edu',
    );
    await userEvent.type(password, 'abc');
    await expect
      .poll(spokenRequirements)
      .toEqual([
        'Not met: At least 12 characters',
        'Not met: An uppercase letter',
        'Met: A lowercase letter',
        'Not met: A number',
        'Not met: A special character',
        'Met: No space at the beginning or end',
      ]);

    await userEvent.click(page.getByRole('button', { name: 'Submit' }));
    await expect.element(password).toHaveFocus();
    await userEvent.clear(password);
    await userEvent.type(password, 'Gallatin-Valley-2027');
    await expect
      .poll(spokenRequirements)
      .toEqual([
        'Met: At least 12 characters',
        'Met: An uppercase letter',
        'Met: A lowercase letter',
        'Met: A number',
        'Met: A special character',
        'Met: No space at the beginning or end',
      ]);

    await userEvent.clear(password);
    await expect
      .poll(() => spokenRequirements()[0])
      .toBe('Not checked yet: At least 12 characters');
  });
});
