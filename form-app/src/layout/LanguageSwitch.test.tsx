/** The header's language switch: its names, and the answers kept before the page reloads in the language chosen. */
import { createRoot } from 'react-dom/client';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import { createQueryClient } from '../api/queryClient.ts';
import { App, AppProviders } from '../App.tsx';
import { clearPendingAnswers, readVisitorAnswers } from '../engine/index.ts';
import { type FakeServer, fakeServer, returningApplicant } from '../testing/fakeServer.ts';
import { forbidNetwork } from '../testing/harness.tsx';
import { type RenderedApp, renderFormLayout, untilQuiet } from '../testing/harness.tsx';
import { AccountLayout } from './AccountLayout.tsx';
import { LANGUAGE_COOKIE, pageLoader } from './languageChoice.ts';

let app: Pick<RenderedApp, 'unmount'> | undefined;
// Answers another test left unsaved in this browser would come back into the form (the
// component tests share one origin's storage).
beforeEach(clearPendingAnswers);
afterEach(() => {
  clearPendingAnswers();
  app?.unmount();
  app = undefined;
  sessionStorage.clear();
  document.cookie = `${LANGUAGE_COOKIE}=; path=/; max-age=0`;
  vi.restoreAllMocks();
});

const LOADED = { timeout: 15_000 };
const switcher = () => page.getByRole('navigation', { name: 'Language / Idioma' });
const spanish = () => switcher().getByRole('link', { name: 'Español', exact: true });
const firstName = () => page.getByRole('textbox', { name: 'First Name', exact: true }).first();

/** What the page would load next: the switch's reloads, recorded instead of made, in order. */
function watchReloads(order: string[] = []): string[] {
  const loads: string[] = [];
  vi.spyOn(pageLoader, 'load').mockImplementation((address) => {
    order.push('reload');
    loads.push(address);
  });
  return loads;
}

/** The path a request goes to. */
const pathOf = (input: RequestInfo | URL) =>
  new URL(input instanceof Request ? input.url : input, location.href).pathname;

/** The fake server, with the order its requests came in beside the reloads (`order`). */
function ordered(server: FakeServer, order: string[]): void {
  const answer = server.spy.getMockImplementation();
  server.spy.mockImplementation((input, init) => {
    order.push(`${(init?.method ?? 'GET').toUpperCase()} ${pathOf(input)}`);
    return answer === undefined ? Promise.reject(new Error('no fake server')) : answer(input, init);
  });
}

/** Types "Ada" as First Name once the step is whole (its later parts replace what was drawn first). */
async function typeFirstName(rendered: RenderedApp): Promise<void> {
  await expect.element(firstName(), LOADED).toBeVisible();
  await untilQuiet(rendered.renders);
  await userEvent.type(firstName(), 'Ada');
}

const cookieLanguage = () =>
  document.cookie
    .split(';')
    .map((part) => part.trim().split('='))
    .find(([name]) => name === LANGUAGE_COOKIE)?.[1];

describe('the language switch', () => {
  it('names each language in itself, marked as that language, in a landmark named in both', async () => {
    fakeServer({});
    app = await renderFormLayout('/about');
    await expect.element(spanish(), LOADED).toBeVisible();
    await expect.element(spanish()).toHaveAttribute('lang', 'es');
    await expect.element(spanish()).toHaveAttribute('href', '?lang=es');
    // Neither the page's own language nor the developers' pseudo-locale (en-XA) is offered.
    expect(switcher().getByRole('link').all()).toHaveLength(1);
    // Reached by the keyboard: a link, in the tab order.
    spanish().element().focus();
    await expect.element(spanish()).toHaveFocus();
  });

  it('saves a logged-in applicant’s answers, then the account’s language, then reloads the page in it', async () => {
    const order: string[] = [];
    const server = returningApplicant({}, { 'PUT /api/language': { message: 'Saved.' } });
    ordered(server, order);
    const loads = watchReloads(order);
    const rendered = await renderFormLayout('/about', { loggedIn: true });
    app = rendered;
    await typeFirstName(rendered);
    // Clicked within the autosave's pause (a tab hidden meanwhile may have flushed already:
    // the answer is then saved once all the same, before the page goes).
    await userEvent.click(spanish());
    await vi.waitFor(() => {
      expect(loads).toHaveLength(1);
    });
    // What was typed reached the server (a flush as the tab was hidden may have sent part of it
    // first); then the account's language, and only then the page again.
    const typed = (firstName().element() as HTMLInputElement).value;
    expect(typed).toMatch(/Ada$/);
    expect(server.bodies('PUT /api/answer').at(-1)).toMatchObject({ first_name: typed });
    expect(server.bodies('PUT /api/language')).toEqual([{ language: 'es' }]);
    const lastSave = order.lastIndexOf('PUT /api/answer');
    expect(lastSave).toBeGreaterThanOrEqual(0);
    expect(
      order.slice(lastSave).filter((step) => step === 'PUT /api/language' || step === 'reload'),
    ).toEqual(['PUT /api/language', 'reload']);
    const address = new URL(loads[0] ?? '');
    expect(address.pathname).toBe(location.pathname);
    expect(address.searchParams.get('lang')).toBe('es');
    expect(cookieLanguage()).toBe('es');
    expect(server.unexpected).toEqual([]);
  });

  it('keeps a visitor’s answers in this tab at once, and asks the server nothing', async () => {
    const server = fakeServer({});
    const loads = watchReloads();
    const rendered = await renderFormLayout('/about');
    app = rendered;
    await typeFirstName(rendered);
    await userEvent.click(spanish());
    await vi.waitFor(() => {
      expect(loads).toHaveLength(1);
    });
    expect(readVisitorAnswers()).toMatchObject({ first_name: 'Ada' });
    expect(cookieLanguage()).toBe('es');
    expect(server.requests).toEqual([]);
  });

  it('switches all the same when the server cannot store the account’s language yet (404)', async () => {
    const server = returningApplicant();
    const loads = watchReloads();
    app = await renderFormLayout('/about', { loggedIn: true });
    await userEvent.click(spanish(), LOADED);
    await vi.waitFor(() => {
      expect(loads).toHaveLength(1);
    });
    expect(server.unexpected).toEqual([
      { method: 'PUT', path: '/api/language', body: { language: 'es' } },
    ]);
    expect(cookieLanguage()).toBe('es');
  });

  it('keeps the applicant on the page, with what they typed and why, when the save fails', async () => {
    const server = returningApplicant({}, { 'PUT /api/language': { message: 'Saved.' } });
    const answer = server.spy.getMockImplementation();
    server.spy.mockImplementation((input, init) => {
      if (init?.method === 'PUT' && pathOf(input) === '/api/answer')
        return Promise.resolve(
          Response.json({ message: 'The server is resting. Please try again.' }, { status: 503 }),
        );
      return answer === undefined
        ? Promise.reject(new Error('no fake server'))
        : answer(input, init);
    });
    const loads = watchReloads();
    const rendered = await renderFormLayout('/about', { loggedIn: true });
    app = rendered;
    await typeFirstName(rendered);
    await userEvent.click(spanish());
    await expect.element(page.getByText('The server is resting. Please try again.')).toBeVisible();
    await expect.element(page.getByText('Unexpected Error')).toBeVisible();
    expect(loads).toEqual([]);
    expect(server.bodies('PUT /api/language')).toEqual([]);
    expect(cookieLanguage()).toBeUndefined();
    await expect.element(firstName()).toHaveValue('Ada');
    // The switch can be tried again.
    await expect.element(spanish()).toHaveAttribute('aria-disabled', 'false');
  });

  it('keeps the e-mail address typed into the login card for the page in the new language, never the password', async () => {
    forbidNetwork();
    const loads = watchReloads();
    const mount = () => {
      const container = document.createElement('div');
      document.body.append(container);
      const root = createRoot(container);
      root.render(<App initialPath="/login" />);
      return () => {
        root.unmount();
        container.remove();
      };
    };
    const email = () => page.getByRole('textbox', { name: 'Email Address' });
    const password = () =>
      page.elementLocator(document.getElementById('password') ?? document.body);
    let unmount = mount();
    app = {
      unmount: () => {
        unmount();
      },
    };
    await expect.element(email(), LOADED).toBeVisible();
    await userEvent.type(email(), 'ada@example.edu');
    await userEvent.type(password(), 'Secret-pass-1');
    await userEvent.click(spanish());
    await vi.waitFor(() => {
      expect(loads).toHaveLength(1);
    });
    expect(JSON.stringify(Object.entries(sessionStorage))).not.toContain('Secret-pass-1');
    // The page again (the reload, here a new app in the same tab): the address is back.
    unmount();
    unmount = mount();
    await expect.element(email(), LOADED).toHaveValue('ada@example.edu');
    await expect.element(password()).toHaveValue('');
    // Given once: a later visit to the card starts empty.
    unmount();
    unmount = mount();
    await expect.element(email(), LOADED).toHaveValue('');
  });

  it('keeps the answers a visitor carried to an account page, which the reload would leave behind', async () => {
    const server = fakeServer({});
    const loads = watchReloads();
    const router = createMemoryRouter(
      [{ element: <AccountLayout />, children: [{ path: '/login', element: <h1>Log In</h1> }] }],
      { initialEntries: [{ pathname: '/login', state: { answers: { first_name: 'Ada' } } }] },
    );
    const container = document.createElement('div');
    document.body.append(container);
    const root = createRoot(container);
    root.render(
      <AppProviders queryClient={createQueryClient()}>
        <RouterProvider router={router} />
      </AppProviders>,
    );
    app = {
      unmount: () => {
        root.unmount();
        container.remove();
      },
    };
    await userEvent.click(spanish(), LOADED);
    await vi.waitFor(() => {
      expect(loads).toHaveLength(1);
    });
    expect(readVisitorAnswers()).toEqual({ first_name: 'Ada' });
    expect(server.requests).toEqual([]);
  });
});
