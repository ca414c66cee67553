import { matchRoutes, type RouteObject } from 'react-router';
import { describe, expect, it } from 'vitest';
import routes from './routes';

type ConfigEntry = { path?: string; index?: boolean; file: string; children?: ConfigEntry[] };

function toRouteObjects(entries: readonly ConfigEntry[]): RouteObject[] {
  return entries.map((entry) =>
    entry.index
      ? { index: true, id: entry.file }
      : { path: entry.path, id: entry.file, children: entry.children ? toRouteObjects(entry.children) : undefined },
  );
}

const tree = toRouteObjects(routes as ConfigEntry[]);

function leafFile(pathname: string): string | undefined {
  return matchRoutes(tree, pathname)?.at(-1)?.route.id;
}

function chain(pathname: string): string[] {
  return (matchRoutes(tree, pathname) ?? []).map((match) => match.route.id ?? '');
}

describe('routes (spec §2)', () => {
  it('declares every public route', () => {
    const expected: Record<string, string> = {
      '/': 'routes/home.tsx',
      '/artists': 'routes/artists.tsx',
      '/artists/details/42': 'routes/artist-details.tsx',
      '/primary-market': 'routes/primary-market.tsx',
      '/secondary-market': 'routes/secondary-market.tsx',
      '/secondary-market/details/7': 'routes/painting-details.tsx',
      '/gallery': 'routes/gallery.tsx',
      '/about': 'routes/about.tsx',
      '/presentation': 'routes/presentation.tsx',
      '/collaborators': 'routes/collaborators.tsx',
      '/partners': 'routes/partners.tsx',
      '/board': 'routes/board.tsx',
      '/press': 'routes/press.tsx',
      '/faqs': 'routes/faqs.tsx',
      '/terms': 'routes/terms.tsx',
      '/privacy-policy': 'routes/privacy-policy.tsx',
      '/lexique': 'routes/lexique.tsx',
      '/cookies': 'routes/cookies.tsx',
      '/devigulation': 'routes/devigulation.tsx',
      '/coverage': 'routes/coverage.tsx',
      '/risks': 'routes/risks.tsx',
      '/complaints': 'routes/complaints.tsx',
      '/buy': 'routes/buy.tsx',
      '/reset-password/abc': 'routes/reset-password.tsx',
      '/change-password': 'routes/change-password.tsx',
      '/certificates/verify/PC-1': 'routes/certificate-verify.tsx',
    };
    for (const [path, file] of Object.entries(expected)) expect(leafFile(path), path).toBe(file);
  });

  it('puts the guest-only routes behind the guest guard', () => {
    for (const path of ['/login', '/register', '/forgot', '/connexion', '/email-confirm']) {
      expect(chain(path), path).toContain('routes/guest-only.tsx');
    }
  });

  it('puts every /user route behind the member guard, unknown ones included', () => {
    for (const path of [
      '/user/profile',
      '/user/edit',
      '/user/portfolio',
      '/user/finance',
      '/user/history',
      '/user/market',
      '/user/market/primary-market',
      '/user/parts',
      '/user/withdraw',
      '/user/verification',
      '/user/complaints',
      '/user/investor-profile',
    ]) {
      expect(chain(path), path).toContain('routes/user.tsx');
      expect(leafFile(path), path).not.toBe('routes/user-unknown.tsx');
    }
    expect(leafFile('/user/nothing-here')).toBe('routes/user-unknown.tsx');
    expect(leafFile('/user')).toBe('routes/user-unknown.tsx');
    expect(leafFile('/verify-email')).toBe('routes/verify-email.tsx');
  });

  it('answers other paths with the not-found page', () => {
    expect(leafFile('/no/such/page')).toBe('routes/not-found.tsx');
  });
});
