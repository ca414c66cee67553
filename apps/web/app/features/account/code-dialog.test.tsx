import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { packagesImported } from '../../test/imports';
import { renderScreen } from '../../test/render';
import { i18n } from '../i18n/i18n';
import { ApiError } from '../session/api-error';
import { OtpDialog } from './OtpDialog';
import { TotpDialog } from './TotpDialog';

afterEach(async () => {
  cleanup();
  if (i18n.language !== 'en') await act(() => i18n.changeLanguage('en'));
});

/** A page with the button that opens the dialog, as the member area and the order form have. */
function Opener({
  onConfirm,
  onSubmitAround,
}: {
  onConfirm: (code: string) => Promise<void>;
  onSubmitAround?: () => void;
}) {
  const [open, setOpen] = useState(false);
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmitAround?.();
      }}
    >
      <button type="button" onClick={() => setOpen(true)}>
        Place the order
      </button>
      <OtpDialog
        open={open}
        destination="+33 6 12 34 56 78"
        onClose={() => setOpen(false)}
        onConfirm={async (code) => {
          await onConfirm(code);
          setOpen(false);
        }}
        onResend={async () => {}}
      />
    </form>
  );
}

/** An order form: its button disabled while the order waits for the code, enabled a little after it closes. */
function PendingOrder() {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  return (
    <>
      <button
        type="button"
        disabled={pending}
        onClick={(event) => {
          setPending(true);
          // Chromium takes the focus from a button as it is disabled.
          event.currentTarget.blur();
          setOpen(true);
        }}
      >
        Place the order
      </button>
      <OtpDialog
        open={open}
        destination=""
        onClose={() => {
          setOpen(false);
          // The order's promise settles a little later, as a mutation's state does.
          setTimeout(() => setPending(false), 50);
        }}
        onConfirm={async () => {}}
      />
    </>
  );
}

/** A dialog of the page around the code dialog, as an MUI dialog that opened it. */
function Around({ around }: { around: () => void }) {
  const [open, setOpen] = useState(true);
  return (
    <dialog onClose={around} onCancel={around}>
      <OtpDialog open={open} destination="" onClose={() => setOpen(false)} onConfirm={async () => {}} />
    </dialog>
  );
}

const dialogOf = (testId: string) => screen.getByTestId(testId) as HTMLDialogElement;

/** The member presses the page's button: it has the focus when the dialog opens. */
function open() {
  const button = screen.getByRole('button', { name: 'Place the order' });
  button.focus();
  fireEvent.click(button);
}

describe('the plain code dialogs (decision 548)', () => {
  it('opens as a modal <dialog> on the page, named and described, the focus on its code field', async () => {
    renderScreen(<Opener onConfirm={async () => {}} />);
    expect(screen.queryByTestId('otp-dialog')).toBeNull();
    open();
    const dialog = dialogOf('otp-dialog');
    expect(dialog.tagName).toBe('DIALOG');
    expect(dialog.open).toBe(true);
    expect(dialog.parentElement).toBe(document.body);
    expect(screen.getByRole('dialog', { name: i18n.t('account.otp.title') })).toBe(dialog);
    expect(dialog.getAttribute('aria-describedby')).toBe('otp-dialog-text');
    const input = screen.getByTestId('otp-dialog-input') as HTMLInputElement;
    expect(document.activeElement).toBe(input);
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('inputmode')).toBe('numeric');
    expect(input.maxLength).toBe(6);
    // The hint under the field is part of its description, as MUI's helper text was.
    const hint = document.getElementById(input.getAttribute('aria-describedby') ?? '');
    expect(hint?.textContent).toBe(i18n.t('verify.codeHelp'));
    expect(document.querySelector('[class*="Mui"], [class*="css-"]')).toBeNull();
  });

  it('sends the code typed, digits only, and closes; the form around it is not submitted', async () => {
    const onConfirm = vi.fn(async () => {});
    const around = vi.fn();
    renderScreen(<Opener onConfirm={onConfirm} onSubmitAround={around} />);
    open();
    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '12 34a56' } });
    expect((screen.getByTestId('otp-dialog-input') as HTMLInputElement).value).toBe('123456');
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('123456'));
    await waitFor(() => expect(screen.queryByTestId('otp-dialog')).toBeNull());
    expect(around).not.toHaveBeenCalled();
  });

  it('shows a refused code under the field, announced with it, in the member’s language; the dialog stays', async () => {
    const onConfirm = vi.fn(async () => {
      throw new ApiError(400, { en: 'The code is not valid', fr: "Le code n'est pas valide" });
    });
    renderScreen(<Opener onConfirm={onConfirm} />);
    open();
    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '000000' } });
    fireEvent.submit(screen.getByTestId('otp-dialog-submit'));
    const error = await screen.findByTestId('otp-dialog-input-error');
    expect(error.textContent).toBe('The code is not valid');
    const input = screen.getByTestId('otp-dialog-input');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(input.getAttribute('aria-describedby')).toBe(error.id);
    expect(dialogOf('otp-dialog').open).toBe(true);

    // A catalogue issue follows the language.
    fireEvent.change(input, { target: { value: '' } });
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    await waitFor(() => expect(screen.getByTestId('otp-dialog-input-error').textContent).toBe('Plesae input Otp!'));
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByTestId('otp-dialog-input-error').textContent).not.toBe('Plesae input Otp!');
  });

  it('shows any other failure as an alert inside the dialog, where a toast would be under it', async () => {
    renderScreen(
      <Opener
        onConfirm={async () => {
          throw new ApiError(503, { en: 'Try again later', fr: 'Réessayez plus tard' });
        }}
      />,
    );
    open();
    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    const alert = await screen.findByTestId('otp-dialog-alert');
    expect(alert.getAttribute('role')).toBe('alert');
    expect(alert.textContent).toBe('Try again later');
    expect(dialogOf('otp-dialog').contains(alert)).toBe(true);
  });

  it('closes on Escape (and on Cancel), the focus back on the button that opened it', async () => {
    renderScreen(<Opener onConfirm={async () => {}} />);
    const opener = screen.getByRole('button', { name: 'Place the order' });
    open();
    const request = new Event('cancel', { cancelable: true });
    fireEvent(dialogOf('otp-dialog'), request);
    expect(request.defaultPrevented).toBe(true);
    await waitFor(() => expect(screen.queryByTestId('otp-dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);

    open();
    fireEvent.click(screen.getByTestId('otp-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('otp-dialog')).toBeNull());
    expect(document.activeElement).toBe(opener);
  });

  it('gives the focus back to an opener disabled while the code was asked, once it is enabled again', async () => {
    renderScreen(<PendingOrder />);
    const opener = screen.getByRole('button', { name: 'Place the order' });
    open();
    expect(document.activeElement).toBe(screen.getByTestId('otp-dialog-input'));
    fireEvent.click(screen.getByTestId('otp-dialog-cancel'));
    await waitFor(() => expect(screen.queryByTestId('otp-dialog')).toBeNull());
    await waitFor(() => expect(document.activeElement).toBe(opener));
  });

  it('keeps its Escape from the components around it (an MUI dialog would close too)', async () => {
    const around = vi.fn();
    renderScreen(
      // biome-ignore lint/a11y/noStaticElementInteractions: stands for MUI's Modal, which listens on its root
      <div onKeyDown={around}>
        <OtpDialog open destination="" onClose={() => {}} onConfirm={async () => {}} />
      </div>,
    );
    fireEvent.keyDown(screen.getByTestId('otp-dialog-input'), { key: 'Escape' });
    expect(around).not.toHaveBeenCalled();
    fireEvent.keyDown(screen.getByTestId('otp-dialog-input'), { key: 'a' });
    expect(around).toHaveBeenCalledTimes(1);
  });

  it('keeps its cancel and close events from the dialogs around it (React passes them on to an MUI dialog’s onClose)', async () => {
    const around = vi.fn();
    renderScreen(<Around around={around} />);
    fireEvent(dialogOf('otp-dialog'), new Event('cancel', { cancelable: true }));
    await waitFor(() => expect(screen.queryByTestId('otp-dialog')).toBeNull());
    expect(around).not.toHaveBeenCalled();
  });

  it('cannot be closed while the code is being checked', async () => {
    let finish = () => {};
    const onClose = vi.fn();
    renderScreen(
      <OtpDialog
        open
        destination=""
        onClose={onClose}
        onConfirm={() =>
          new Promise<void>((resolve) => {
            finish = resolve;
          })
        }
      />,
    );
    fireEvent.change(screen.getByTestId('otp-dialog-input'), { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('otp-dialog-submit'));
    await waitFor(() => expect((screen.getByTestId('otp-dialog-submit') as HTMLButtonElement).disabled).toBe(true));
    expect((screen.getByTestId('otp-dialog-cancel') as HTMLButtonElement).disabled).toBe(true);
    fireEvent(dialogOf('otp-dialog'), new Event('cancel', { cancelable: true }));
    expect(onClose).not.toHaveBeenCalled();
    await act(async () => finish());
  });

  it('asks for the authenticator app’s code or a recovery code, in English and French', async () => {
    const onConfirm = vi.fn(async () => {});
    renderScreen(<TotpDialog open onClose={() => {}} onConfirm={onConfirm} />);
    const input = screen.getByTestId('totp-dialog-input') as HTMLInputElement;
    expect(input.getAttribute('autocomplete')).toBe('one-time-code');
    expect(input.getAttribute('spellcheck')).toBe('false');
    const title = screen.getByRole('heading', { level: 2 }).textContent;
    await act(() => i18n.changeLanguage('fr'));
    expect(screen.getByRole('heading', { level: 2 }).textContent).not.toBe(title);
    fireEvent.change(input, { target: { value: '123456' } });
    fireEvent.click(screen.getByTestId('totp-dialog-submit'));
    await waitFor(() => expect(onConfirm).toHaveBeenCalledWith('123456'));
  });
});

describe('the code dialogs carry no MUI (issue 33, decision 548)', () => {
  const here = dirname(fileURLToPath(import.meta.url));
  for (const module of [
    'StepUp.tsx',
    'OtpDialog.tsx',
    'TotpDialog.tsx',
    'CodeDialog.tsx',
    'StepDialog.tsx',
    'IdentityCheck.tsx',
  ]) {
    it(`${module} imports no @mui or @emotion package, nor does anything it imports`, () => {
      const packages = [...packagesImported(resolve(here, module))];
      expect(packages).toContain('react');
      expect(packages.filter((name) => /^@(?:mui|emotion)\//.test(name))).toEqual([]);
    });
  }
});
