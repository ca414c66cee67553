// @vitest-environment jsdom
import { act, cleanup, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderScreen } from '../../test/render';
import { ok, stubApi } from '../content/testing';
import { i18n } from '../i18n/i18n';
import { NotificationBell } from './NotificationBell';

afterEach(async () => {
  cleanup();
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const bell = () => screen.getByTestId('notification-bell');

describe('the notification bell (issue 17)', () => {
  it('links to the notifications and says how many are unread in its name', async () => {
    const fetch = stubApi({ '/api/member/notifications/unread': ok({ unread: 3 }) });
    renderScreen(<NotificationBell />);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 3 unread'));
    expect(bell().getAttribute('href')).toBe('/user/notifications');
    expect(screen.getByTestId('notification-count').textContent).toContain('3');
    expect(fetch.mock.calls.map(([url]) => String(url))).toContain('/api/member/notifications/unread');
  });

  it('says one and none in English, and in French with its plural', async () => {
    stubApi({ '/api/member/notifications/unread': ok({ unread: 1 }) });
    renderScreen(<NotificationBell />);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 unread'));
    cleanup();

    stubApi({ '/api/member/notifications/unread': ok({ unread: 0 }) });
    renderScreen(<NotificationBell />);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, none unread'));
    cleanup();

    await act(() => i18n.changeLanguage('fr'));
    stubApi({ '/api/member/notifications/unread': ok({ unread: 2 }) });
    renderScreen(<NotificationBell />);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 2 non lues'));
    cleanup();
    stubApi({ '/api/member/notifications/unread': ok({ unread: 1 }) });
    renderScreen(<NotificationBell />);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, 1 non lue'));
  });

  it('shows the count as a badge hidden from screen readers, none at zero, 99+ above 99', async () => {
    const badge = () => screen.getByTestId('notification-count').querySelector('[aria-hidden="true"]:not(svg)');
    stubApi({ '/api/member/notifications/unread': ok({ unread: 0 }) });
    renderScreen(<NotificationBell />);
    await waitFor(() => expect(bell().getAttribute('aria-label')).toBe('Notifications, none unread'));
    expect(badge()).toBeNull();
    cleanup();

    stubApi({ '/api/member/notifications/unread': ok({ unread: 120 }) });
    renderScreen(<NotificationBell />);
    await waitFor(() => expect(badge()?.textContent).toBe('99+'));
    expect(bell().getAttribute('aria-label')).toBe('Notifications, 120 unread');
  });
});
