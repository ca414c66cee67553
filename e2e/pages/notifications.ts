import type { Page } from 'playwright-core';

/** The bell, the notifications page and the Watch toggle (issue 17). */
export class NotificationsPage {
  constructor(private readonly page: Page) {}

  /** The bell's accessible name ("Notifications, 1 unread"), once it says `expected`. */
  async bellSays(expected: string) {
    const bell = this.page.getByTestId('notification-bell');
    await bell.waitFor();
    await this.page
      .locator(`[data-testid="notification-bell"][aria-label="${expected}"]`)
      .waitFor({ timeout: 30_000 })
      .catch(async (error: Error) => {
        throw new Error(`the bell says "${await bell.getAttribute('aria-label')}", not "${expected}"`, {
          cause: error,
        });
      });
  }

  async watch(paintingId: string) {
    await this.page.goto(`/primary-market/details/${paintingId}`);
    const toggle = this.page.getByTestId('watch-toggle');
    await toggle.waitFor();
    await this.page.waitForFunction(
      () => !(document.querySelector('[data-testid="watch-toggle"]') as HTMLButtonElement | null)?.disabled,
    );
    await toggle.click();
    await this.page.locator('[data-testid="watch-toggle"][aria-pressed="true"]').waitFor();
  }

  async open() {
    await this.page.getByTestId('notification-bell').click();
    await this.page.waitForURL((url) => url.pathname === '/user/notifications');
    await this.page.getByTestId('notification').first().waitFor();
  }

  async markFirstRead() {
    await this.page.getByTestId('notification-read').first().click();
    await this.page.locator('[data-testid="notification"][data-read="true"]').first().waitFor();
  }
}
