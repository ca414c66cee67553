import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../test/test-app';
import { loadConfig } from '../../config';

describe('captcha site key', () => {
  it('GET /api/captcha/challenge carries site_key: null for ALTCHA', async () => {
    const t = await createTestApp();
    try {
      const response = await t.call('GET', '/api/captcha/challenge');
      expect(response.statusCode).toBe(200);
      expect(response.json().data.site_key).toBeNull();
      expect(response.json().data.provider).toBe('altcha');
    } finally {
      await t.close();
    }
  });

  it('CAPTCHA_SITE_KEY is read for reCAPTCHA and Turnstile only', () => {
    const base = { NODE_ENV: 'test', DATA_DIR: '/tmp/parcelle-config-test' } as const;
    expect(loadConfig({ ...base, CAPTCHA_PROVIDER: 'turnstile', CAPTCHA_SITE_KEY: '0x4AAA' }).captchaSiteKey).toBe(
      '0x4AAA',
    );
    expect(loadConfig({ ...base, CAPTCHA_SITE_KEY: 'ignored' }).captchaSiteKey).toBeNull();
  });
});
