import { messages } from '@parcelle/shared/i18n/messages';
import { describe, expect, it } from 'vitest';
import { inviteBody } from './OperatorsList';

describe('the operator invitation', () => {
  it('is checked by the shared contract before it is sent', () => {
    const missing = inviteBody({
      email: '',
      first_name: 'Ada',
      last_name: 'King',
      operator_role: 'support',
      language: 'en',
    });
    expect(missing).toMatchObject({ ok: false, field: 'email', error: messages.RegValBlank });
    expect(
      inviteBody({
        email: 'ada@parcelle.test',
        first_name: 'Ada',
        last_name: 'King',
        operator_role: 'finance',
        language: 'fr',
      }),
    ).toEqual({
      ok: true,
      body: {
        email: 'ada@parcelle.test',
        first_name: 'Ada',
        last_name: 'King',
        operator_role: 'finance',
        language: 'fr',
      },
    });
  });
});
