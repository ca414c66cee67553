import { messages } from '@parcelle/shared/i18n/messages';
import { Refine } from '@refinedev/core';
import routerProvider from '@refinedev/react-router';
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { authProvider, forgetIdentity } from '../../providers/auth-provider';
import { dataProvider } from '../../providers/data-provider';
import { i18nProvider } from '../../providers/i18n';
import { failure, ok, stubFetch } from '../../test/fetch';
import { SignIn } from './SignIn';

function renderSignIn() {
  const router = createMemoryRouter(
    [
      {
        path: '*',
        element: (
          <Refine
            authProvider={authProvider}
            dataProvider={dataProvider}
            i18nProvider={i18nProvider}
            routerProvider={routerProvider}
            options={{ disableTelemetry: true }}
          >
            <SignIn />
          </Refine>
        ),
      },
    ],
    { initialEntries: ['/login'] },
  );
  render(<RouterProvider router={router} />);
  return router;
}

beforeEach(() => {
  localStorage.clear();
  forgetIdentity();
});
afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18nProvider.changeLocale('en'));
});

const type = (label: RegExp, value: string) => fireEvent.change(screen.getByLabelText(label), { target: { value } });

describe('the sign-in screen', () => {
  it('checks the fields with the shared contract before calling the API', async () => {
    const calls = stubFetch([]);
    renderSignIn();
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findAllByText(messages.RequiredField.en)).not.toHaveLength(0);
    expect(calls).toHaveLength(0);
  });

  it('asks for the code after the password, then signs in with it', async () => {
    const calls = stubFetch([
      ok({ totp_required: true, challenge: 'signed-challenge-0123456789' }),
      ok({ access_token: 'a', refresh_token: 'r' }),
      ok({ id: 'o', email: 'op@parcelle.art', first_name: 'A', last_name: 'B', operator_role: 'admin' }),
    ]);
    const router = renderSignIn();
    type(/Email/, 'op@parcelle.art');
    type(/Password/, 'Parcelle!2026');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByRole('heading', { name: 'Second factor' })).toBeTruthy();
    type(/Code/, '123456');
    fireEvent.click(screen.getByRole('button', { name: 'Verify' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(calls[1]?.body).toEqual({ challenge: 'signed-challenge-0123456789', code: '123456' });
  });

  it('shows a refused code in French when the console is in French', async () => {
    await act(() => i18nProvider.changeLocale('fr'));
    stubFetch([
      ok({ totp_required: true, challenge: 'signed-challenge-0123456789' }),
      failure(401, messages.TotpCodeInvalid),
    ]);
    renderSignIn();
    type(/E-mail/, 'op@parcelle.art');
    type(/Mot de passe/, 'Parcelle!2026');
    fireEvent.click(screen.getByRole('button', { name: 'Se connecter' }));
    await screen.findByLabelText(/Code/);
    type(/Code/, '000000');
    fireEvent.click(screen.getByRole('button', { name: 'Vérifier' }));
    expect(await screen.findByText(messages.TotpCodeInvalid.fr)).toBeTruthy();
  });

  it('goes to the enrolment for an operator without a second factor', async () => {
    stubFetch([ok({ access_token: 'a', refresh_token: 'r' }), failure(403, messages.TotpEnrolmentRequired)]);
    const router = renderSignIn();
    type(/Email/, 'new-op@parcelle.art');
    type(/Password/, 'Parcelle!2026');
    fireEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/enrol'));
  });
});
