import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../../test/test-app';
import { isPublicIp } from './service';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('GET /api/geo', () => {
  it('answers the country and EURO for a European IP, USD elsewhere', async () => {
    const uk = await t.call('GET', '/api/geo', { ip: '81.2.69.142' });
    expect(uk.statusCode).toBe(200);
    expect(uk.json().data).toEqual({ country: 'GB', currency: 'EURO' });
    const us = await t.call('GET', '/api/geo', { ip: '8.8.8.8' });
    expect(us.json().data).toEqual({ country: 'US', currency: 'USD' });
    const v6 = await t.call('GET', '/api/geo', { ip: '2a01:e0a::1' });
    expect(v6.json().data).toEqual({ country: 'FR', currency: 'EURO' });
  });

  it('private and loopback addresses: no country, USD', async () => {
    for (const ip of ['127.0.0.1', '10.1.2.3', '192.168.0.10', '172.20.0.1', '::1', 'fd00::1', '::ffff:10.0.0.1']) {
      const response = await t.call('GET', '/api/geo', { ip });
      expect(response.json().data, ip).toEqual({ country: null, currency: 'USD' });
    }
  });

  it('ignores X-Forwarded-For unless a trusted proxy is configured', async () => {
    const spoofed = await t.call('GET', '/api/geo', { ip: '127.0.0.1', headers: { 'x-forwarded-for': '81.2.69.142' } });
    expect(spoofed.json().data.country).toBeNull();
    const proxied = await createTestApp({ trustProxy: ['127.0.0.1'] });
    try {
      const response = await proxied.call('GET', '/api/geo', {
        ip: '127.0.0.1',
        headers: { 'x-forwarded-for': '81.2.69.142' },
      });
      expect(response.json().data).toEqual({ country: 'GB', currency: 'EURO' });
      const direct = await proxied.call('GET', '/api/geo', {
        ip: '8.8.4.4',
        headers: { 'x-forwarded-for': '81.2.69.142' },
      });
      expect(direct.json().data.country).toBe('US');
    } finally {
      await proxied.close();
    }
  });

  it('isPublicIp', () => {
    expect(isPublicIp('8.8.8.8')).toBe(true);
    expect(isPublicIp('100.64.1.1')).toBe(false);
    expect(isPublicIp('169.254.1.1')).toBe(false);
    expect(isPublicIp('fe80::1')).toBe(false);
    expect(isPublicIp('not-an-ip')).toBe(false);
  });
});
