import { ZNewsletterSignupForm } from '@parcelle/shared/contracts/catalogue';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';

describe('zod in the browser (issue 14)', () => {
  it('parses without compiling code: the CSP has no unsafe-eval', () => {
    expect(ZNewsletterSignupForm.safeParse({ email: 'A@Example.com' }).success).toBe(true);
    expect(z.config().jitless).toBe(true);
  });
});
