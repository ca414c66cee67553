import { messages } from '@parcelle/shared/i18n/messages';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { storeTokens } from '../api/storage';
import { failure, ok, stubFetch } from '../test/fetch';
import { dataProvider, filterQuery, paginationQuery, sortQuery, UnsupportedFilter } from './data-provider';
import { i18nProvider } from './i18n';

afterEach(async () => {
  vi.unstubAllGlobals();
  localStorage.clear();
  await i18nProvider.changeLocale('en');
});

describe('list parameters as query parameters', () => {
  it('pages with limit and offset (page 3 of 20 skips 40), none when paging is off', () => {
    expect(paginationQuery({ currentPage: 3, pageSize: 20 })).toEqual({ limit: 20, offset: 40 });
    expect(paginationQuery({ currentPage: 1, pageSize: 50 })).toEqual({ limit: 50, offset: 0 });
    expect(paginationQuery(undefined)).toEqual({ limit: 20, offset: 0 });
    expect(paginationQuery({ mode: 'off' })).toEqual({});
  });

  it('sorts with sort=key&order=asc|desc, by the first sorter (the routes sort by one key, then the id)', () => {
    expect(sortQuery([])).toEqual({});
    expect(sortQuery(undefined)).toEqual({});
    expect(
      sortQuery([
        { field: 'created_at', order: 'desc' },
        { field: 'email', order: 'asc' },
      ]),
    ).toEqual({ sort: 'created_at', order: 'desc' });
    expect(sortQuery([{ field: 'email', order: 'asc' }])).toEqual({ sort: 'email', order: 'asc' });
  });

  it('filters eq/contains as field=value, in as a list, gte/lte as _from/_to; empty ones are no filter', () => {
    expect(
      filterQuery([
        { field: 'status', operator: 'eq', value: 'PENDING' },
        { field: 'q', operator: 'contains', value: 'dupont' },
        { field: 'role', operator: 'in', value: ['admin', 'member'] },
        { field: 'created_at', operator: 'gte', value: '2026-01-01' },
        { field: 'created_at', operator: 'lte', value: '2026-02-01' },
        { field: 'country', operator: 'eq', value: '' },
      ]),
    ).toEqual({
      status: 'PENDING',
      q: 'dupont',
      role: 'admin,member',
      created_at_from: '2026-01-01',
      created_at_to: '2026-02-01',
    });
  });

  it('refuses filters the API has no form for, rather than dropping them', () => {
    expect(() => filterQuery([{ field: 'email', operator: 'ne', value: 'x' }])).toThrow(UnsupportedFilter);
    expect(() => filterQuery([{ operator: 'or', value: [] }])).toThrow(UnsupportedFilter);
  });
});

describe('dataProvider', () => {
  it('lists a resource under /api/admin with the token, the language and the paging, and reads rows and total', async () => {
    storeTokens('access-1', 'refresh-1');
    const calls = stubFetch([ok({ members: [{ id: 'm1' }, { id: 'm2' }], total: 42 })]);
    const answer = await dataProvider.getList({
      resource: 'members',
      pagination: { currentPage: 2, pageSize: 20 },
      filters: [],
      sorters: [],
    });
    expect(answer).toEqual({ data: [{ id: 'm1' }, { id: 'm2' }], total: 42 });
    expect(calls[0]?.url).toBe('/api/admin/members?limit=20&offset=20');
    expect(calls[0]?.headers.Authorization).toBe('Bearer access-1');
    expect(calls[0]?.headers['Accept-Language']).toBe('en');
  });

  it('follows meta.path and meta.listKey, and sends filters', async () => {
    const calls = stubFetch([ok({ transactions: [{ id: 't1' }], other: [], total: 1 })]);
    const answer = await dataProvider.getList({
      resource: 'ledger',
      pagination: { currentPage: 1, pageSize: 50 },
      filters: [{ field: 'status', operator: 'eq', value: 'PENDING' }],
      meta: { path: 'ledger/transactions', listKey: 'transactions' },
    });
    expect(answer.data).toEqual([{ id: 't1' }]);
    expect(calls[0]?.url).toBe('/api/admin/ledger/transactions?status=PENDING&limit=50&offset=0');
  });

  it('turns the API failure into a Refine error in the current language, with its field', async () => {
    stubFetch([failure(400, messages.ReasonRequired, 'reason')]);
    await i18nProvider.changeLocale('fr');
    const error = await dataProvider
      .custom?.({ url: '/admin/withdrawals/w1/reject', method: 'post', payload: { reason: '' } })
      .catch((thrown: unknown) => thrown);
    expect(error).toMatchObject({
      statusCode: 400,
      message: messages.ReasonRequired.fr,
      error: messages.ReasonRequired,
      errors: { reason: messages.ReasonRequired.fr },
    });
  });

  it('says the server failed in both languages when a 5xx has no body, and when nothing answers', async () => {
    stubFetch([[502, null]]);
    await expect(dataProvider.getOne({ resource: 'members', id: 'x' })).rejects.toMatchObject({
      statusCode: 502,
      message: messages.InternalServerError.en,
    });
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('offline')));
    await expect(dataProvider.getOne({ resource: 'members', id: 'x' })).rejects.toMatchObject({ statusCode: 0 });
  });

  it('renews an expired access token once and replays the call', async () => {
    storeTokens('old-access', 'refresh-1');
    const calls = stubFetch([
      failure(401, messages.JwtTokenExpired),
      ok({ access_token: 'new-access', refresh_token: 'refresh-2' }),
      ok({ withdrawals: [], total: 0 }),
    ]);
    await dataProvider.getList({ resource: 'withdrawals' });
    expect(calls.map((call) => call.url)).toEqual([
      '/api/admin/withdrawals?limit=20&offset=0',
      '/api/auth/token/refresh',
      '/api/admin/withdrawals?limit=20&offset=0',
    ]);
    expect(calls[1]?.body).toEqual({ refresh_token: 'refresh-1' });
    expect(calls[2]?.headers.Authorization).toBe('Bearer new-access');
    expect(localStorage.getItem('parcelle_admin_refresh_token')).toBe('refresh-2');
  });

  it('posts a creation and answers its data', async () => {
    const calls = stubFetch([ok({ reference: 'DIV-1', total: { value: 10, curr: 'EURO' }, holders: 2, parts: 9 })]);
    const answer = await dataProvider.create({ resource: 'dividends', variables: { year: 2026 } });
    expect(answer.data).toMatchObject({ reference: 'DIV-1' });
    expect(calls[0]).toMatchObject({ url: '/api/admin/dividends', method: 'POST', body: { year: 2026 } });
  });
});
