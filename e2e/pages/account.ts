import { crc32, deflateSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { lastMessageTo } from '../support/browser';

/** Who confirms a change of email, phone or payout details (issue 12): the password and the current address. */
export type Identity = { password: string; email: string };

const codeOf = (text: string | undefined) => /\b(\d{6})\b/.exec(text ?? '')?.[1];

/**
 * The check before a change of email, phone or payout details (issue 12): the password again, then the code emailed
 * to the current address. Resolves once that code dialog has closed (a section's own code dialog may follow).
 */
export async function confirmIdentity(page: Page, identity: Identity, options: { withCode?: boolean } = {}) {
  await page.getByTestId('identity-dialog').waitFor();
  const previous = codeOf((await lastMessageTo(identity.email))?.text);
  await page.getByTestId('identity-password').fill(identity.password);
  await page.getByTestId('identity-submit').click();
  await page.getByTestId('identity-dialog').waitFor({ state: 'detached' });
  if (options.withCode === false) return;
  const code = await waitForNewCode(identity.email, previous);
  await page.getByTestId('otp-dialog-input').fill(code);
  await page.getByTestId('otp-dialog-submit').click();
  await page.waitForFunction(
    (email) =>
      !Array.from(document.querySelectorAll('[data-testid="otp-dialog-text"]')).some((element) =>
        element.textContent?.includes(email),
      ),
    identity.email,
  );
}

/** /user/edit (spec §2 "Profile edit"): one section per subject, codes confirmed in a modal. */
export class EditProfilePage {
  constructor(private readonly page: Page) {}

  async open(language: 'en' | 'fr') {
    await this.page.goto(`/user/edit?lng=${language}`);
    await this.page.getByTestId('edit-screen').waitFor();
  }

  /** The new number, the identity check (password, emailed code), then the code by SMS to the new number. */
  async requestPhoneChange(countryCode: string, number: string, identity: Identity) {
    await this.page.getByTestId('edit-dial-code').selectOption(countryCode);
    await this.page.getByTestId('edit-phone').fill(number);
    await this.page.getByTestId('edit-phone-submit').click();
    await confirmIdentity(this.page, identity);
    await this.page.getByTestId('otp-dialog').waitFor();
  }

  /** The new address, the identity check (password, emailed code), then the code by SMS to the phone. */
  async requestEmailChange(email: string, identity: Identity) {
    await this.page.getByTestId('edit-email').fill(email);
    await this.page.getByTestId('edit-email-submit').click();
    await confirmIdentity(this.page, identity);
    await this.page.getByTestId('otp-dialog').waitFor();
  }

  async confirmCode(code: string) {
    await this.page.getByTestId('otp-dialog-input').fill(code);
    await this.page.getByTestId('otp-dialog-submit').click();
    try {
      await this.page.getByTestId('otp-dialog').waitFor({ state: 'detached' });
    } catch (error) {
      const shown = await this.page
        .getByTestId('otp-dialog-input-error')
        .textContent({ timeout: 500 })
        .catch(() => null);
      const toasts = await this.page.getByTestId('toast').allTextContents();
      throw new Error(
        `the code ${code} was not accepted: ${shown ?? 'no field error'}; toasts: ${toasts.join(' | ')}`,
        {
          cause: error,
        },
      );
    }
  }

  async uploadAvatar(png: Buffer) {
    await this.page
      .getByTestId('edit-avatar-input')
      .setInputFiles({ name: 'portrait.png', mimeType: 'image/png', buffer: png });
    await this.page.getByTestId('edit-avatar-upload').click();
  }

  async openDisableDialog() {
    await this.page.getByTestId('edit-disable-open').click();
    await this.page.getByTestId('disable-dialog').waitFor();
  }
}

/** Waits for a code sent to the address (email or E.164 phone) that differs from `previous`. */
export async function waitForNewCode(address: string, previous?: string): Promise<string> {
  const deadline = Date.now() + 15_000;
  while (Date.now() < deadline) {
    const message = await lastMessageTo(address);
    const code = /\b(\d{6})\b/.exec(message?.text ?? '')?.[1];
    if (code && code !== previous) return code;
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`no new code sent to ${address}`);
}

/** A small PNG (solid colour with a darker band), built here so the test needs no image file or library. */
export function makePng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth
  header[9] = 2; // truecolour RGB
  const rows: Buffer[] = [];
  for (let y = 0; y < height; y++) {
    const row = Buffer.alloc(1 + width * 3);
    for (let x = 0; x < width; x++) {
      const band = y > height * 0.55;
      row.set(band ? [110, 82, 50] : [196, 154, 69], 1 + x * 3);
    }
    rows.push(row);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(Buffer.concat(rows))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
