import { AppThemeProvider, createAppTheme, ToastProvider } from '@admit/design-system';
import { QueryClientProvider } from '@tanstack/react-query';
import { createRoot, type Root } from 'react-dom/client';
import { IntlProvider } from 'react-intl';
import { MemoryRouter } from 'react-router-dom';
import { catalogues } from 'virtual:admit-catalogues';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { page, userEvent } from 'vitest/browser';

import { createQueryClient } from '../api/queryClient.ts';
import { SessionProvider } from '../session/SessionProvider.tsx';
import { tenant } from '../tenant.ts';
import { fakeServer } from '../testing/fakeServer.ts';
import { RouteErrorBoundary } from './RouteErrorBoundary.tsx';

const theme = createAppTheme(tenant.theme);

/** SPEC §8's words once the report is logged, and ours when it did not arrive. */
const LOGGED =
  'The issue that caused you to see this has been logged. We will get it fixed as soon as possible.';
const NOT_LOGGED =
  'We could not report the issue that caused you to see this. If it happens again, please tell the Admissions Office what you were doing.';
const TRY_AGAIN = 'Try again';

let root: Root | undefined;
afterEach(() => {
  root?.unmount();
  root = undefined;
  vi.restoreAllMocks();
});

/**
 * A page that fails to render until the test mends it (React renders a failing tree a second
 * time before it gives up, so a page that failed only once would never reach the boundary).
 */
function renderFailingPage(): { mend: () => void } {
  let failing = true;
  function Page() {
    if (failing)
      throw new TypeError('Cannot read properties of undefined (reading "college_name")');
    return <h1>Academic History</h1>;
  }
  const container = document.createElement('div');
  document.body.append(container);
  root = createRoot(container);
  root.render(
    <IntlProvider locale="en" messages={catalogues.en}>
      <AppThemeProvider theme={theme}>
        <ToastProvider>
          <QueryClientProvider client={createQueryClient()}>
            <SessionProvider>
              <MemoryRouter initialEntries={['/education?token=secret#college']}>
                <RouteErrorBoundary>
                  <Page />
                </RouteErrorBoundary>
              </MemoryRouter>
            </SessionProvider>
          </QueryClientProvider>
        </ToastProvider>
      </AppThemeProvider>
    </IntlProvider>,
  );
  return {
    mend: () => {
      failing = false;
    },
  };
}

describe('the root error screen', () => {
  it('reports the error once, says it has been logged only once the server has it, and offers a retry and the college’s contact', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const server = fakeServer({ 'POST /api/client-errors': {} });
    const failingPage = renderFailingPage();

    await expect
      .element(page.getByRole('heading', { level: 1, name: 'Something went wrong.' }))
      .toBeVisible();
    await expect.element(page.getByText(LOGGED, { exact: true })).toBeVisible();
    const reports = server.bodies('POST /api/client-errors');
    expect(reports).toHaveLength(1);
    // The page's path without its query or fragment, the error, its stack; nothing else.
    expect(reports[0]).toMatchObject({
      path: '/education',
      name: 'TypeError',
      message: 'Cannot read properties of undefined (reading "college_name")',
      stack: expect.stringContaining('Page') as unknown,
    });
    expect(Object.keys(reports[0] as object).sort()).toEqual(['message', 'name', 'path', 'stack']);
    expect(server.unexpected).toEqual([]);

    const contact = page.getByRole('region', {
      name: `Contact the ${tenant.names.college} Admissions Office`,
    });
    await expect
      .element(contact.getByRole('link', { name: tenant.contact.email }))
      .toHaveAttribute('href', `mailto:${tenant.contact.email}`);
    await expect.element(contact.getByText(tenant.contact.phone)).toBeVisible();
    // No header here, yet the page can be read in another language.
    await expect
      .element(
        page
          .getByRole('navigation', { name: 'Language / Idioma' })
          .getByRole('link', { name: 'Español' }),
      )
      .toHaveAttribute('lang', 'es');

    failingPage.mend();
    await userEvent.click(page.getByRole('button', { name: TRY_AGAIN }));
    await expect
      .element(page.getByRole('heading', { level: 1, name: 'Academic History' }))
      .toBeVisible();
    // Sent once: the screen rendered several times, the report went once.
    expect(server.bodies('POST /api/client-errors')).toHaveLength(1);
  });

  it('does not claim the error was logged when the report did not arrive', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => undefined);
    // No route for the report: the server answers 404.
    const server = fakeServer({});
    renderFailingPage();
    await expect.element(page.getByText(NOT_LOGGED)).toBeVisible();
    expect(server.bodies('POST /api/client-errors')).toHaveLength(1);
    await expect.element(page.getByText(LOGGED)).not.toBeInTheDocument();
    await expect.element(page.getByRole('button', { name: TRY_AGAIN })).toBeVisible();
  });
});
