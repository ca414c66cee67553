// The items of issue 12 as seen from outside: production surface, input hygiene, account rules.

import { randomUUID } from 'node:crypto';
import { networkInterfaces } from 'node:os';
import { describe, errorText } from '../http.mjs';
import { withCaptcha } from '../members.mjs';

const bilingual = (answer) => typeof answer.json?.error?.en === 'string' && typeof answer.json?.error?.fr === 'string';

/** /api/health, /api/docs/json and /api/dev/* as the public sees them. */
export async function surfaceChecks(probe) {
  const { client } = probe;
  await probe.check('health.liveness-only', async () => {
    const answer = await client.get('/api/health');
    if (answer.status !== 200) return ['FAIL', `/api/health answered ${describe(answer)}`];
    const found = answer.text.match(/pglite|postgres|migration|database|drizzle/gi);
    return found
      ? ['FAIL', `/api/health shows ${[...new Set(found.map((f) => f.toLowerCase()))].join(', ')}`]
      : ['PASS', 'answers without database kind or migration level'];
  });

  await probe.check('docs.no-admin-paths-in-production', async () => {
    if (!probe.production)
      return [
        'SKIP',
        'server is not in production (its dev outbox answers); run with --expect-production against a production server',
      ];
    if (!probe.docs) return ['SKIP', '/api/docs/json not served'];
    const admin = Object.keys(probe.docs.paths ?? {}).filter((path) => path.startsWith('/api/admin'));
    return admin.length
      ? ['FAIL', `lists ${admin.length} operator path(s), e.g. ${admin[0]}`]
      : ['PASS', 'no /api/admin path listed'];
  });

  await probe.check('dev.absent-in-production', async () => {
    if (!probe.production) return ['SKIP', 'server is not in production'];
    const answers = [
      ['GET /api/dev/outbox', await client.get('/api/dev/outbox')],
      [
        'POST /api/dev/wallet/credit',
        await client.post('/api/dev/wallet/credit', {
          email: 'probe@example.invalid',
          currency: 'EURO',
          amount_minor: 1,
        }),
      ],
      ['GET /dev/outbox', await client.get('/dev/outbox')],
    ];
    const present = answers.filter(
      ([, answer]) =>
        answer.status !== 404 &&
        !(answer.status === 200 && /<!doctype html/i.test(answer.text) && !/outbox/i.test(answer.text)),
    );
    return present.length
      ? ['FAIL', present.map(([name, answer]) => `${name}: ${describe(answer)}`).join('; ')]
      : ['PASS', 'dev tools answer 404'];
  });

  await probe.check('dev.loopback-only', async () => {
    if (probe.production) return ['SKIP', 'server is in production (dev tools absent)'];
    const external = Object.values(networkInterfaces())
      .flat()
      .find((address) => address && address.family === 'IPv4' && !address.internal);
    if (!external || probe.target.connectHost.includes(':'))
      return ['SKIP', 'no non-loopback local address to call from'];
    let answer;
    try {
      answer = await client.get('/api/dev/outbox', { from: external.address });
    } catch (error) {
      return ['SKIP', `cannot reach the server from ${external.address}: ${error.message}`];
    }
    return answer.status === 200
      ? ['FAIL', `dev outbox answers a non-loopback client (${external.address})`]
      : ['PASS', `a client at ${external.address} gets ${describe(answer)}`];
  });
}

export async function inputChecks(probe, b) {
  const { client } = probe;
  await probe.check('input.nul-byte', async () => {
    const answers = [
      [
        'contact form',
        await withCaptcha(probe, 'POST', '/api/contact/', {
          first_name: 'Probe',
          last_name: 'Nul',
          email: 'probe@example.com',
          phone: '0600000000',
          object: 'security probe',
          message: 'control\u0000character',
        }),
      ],
      [
        'bank owner',
        await client.post(
          '/api/user/bank',
          { account_owner: 'Probe\u0000Nul', iban: 'DE89370400440532013000' },
          { token: b.access },
        ),
      ],
      ['query string', await client.get('/api/paintings/detail?painting_id=ab%00cd')],
    ];
    // A body field must answer 400; a query parameter any bilingual 4xx (an unknown id is a 404), never a 500.
    const bad = answers.filter(
      ([name, answer]) =>
        !bilingual(answer) ||
        (name === 'query string' ? answer.status < 400 || answer.status >= 500 : answer.status !== 400),
    );
    return bad.length
      ? [
          'FAIL',
          bad
            .map(
              ([name, answer]) => `${name}: ${describe(answer)}${answer.status === 400 ? ' without error.en/fr' : ''}`,
            )
            .join('; '),
        ]
      : ['PASS', 'NUL in body fields answers 400 with error.en and error.fr; in a query, a bilingual 4xx'];
  });

  await probe.check('input.json-depth', async () => {
    let deep = 'x';
    for (let level = 0; level < 40; level += 1) deep = { d: deep };
    const answers = [
      [
        'POST /api/paintings/order',
        await client.post(
          '/api/paintings/order',
          { order_id: 'probe', payment_method: 'paypal', paypal_object: deep },
          { token: b.access },
        ),
      ],
      [
        'POST /api/auth/token',
        await client.post('/api/auth/token', { email: 'probe@example.invalid', password: deep }),
      ],
    ];
    const bad = answers.filter(([, answer]) => answer.status !== 400);
    return bad.length
      ? ['FAIL', `40 levels deep: ${bad.map(([name, answer]) => `${name} ${describe(answer)}`).join('; ')}`]
      : ['PASS', 'JSON 40 levels deep answers 400'];
  });
}

/** Purchases and payouts of an unverified member; a second reservation of the same work; a disabled account. */
export async function accountChecks(probe, b, c) {
  const { client } = probe;
  const purchase = (member, painting, method) =>
    client.post(
      '/api/paintings/purchase',
      {
        total_part: 1,
        payment_method: method,
        painting_id: painting.id,
        owner: 'Probe Holder',
        responsibility_accepted: true,
      },
      { token: member.access, headers: { 'idempotency-key': randomUUID() } },
    );

  await probe.check('unverified.purchase-refused', async () => {
    if (!c) return ['SKIP', 'no unverified member could be made'];
    if (!probe.painting) return ['SKIP', 'no primary-market work with parts left'];
    const answer = await purchase(c, probe.painting, 'card');
    return answer.status === 403
      ? ['PASS', `403 ${errorText(answer)}`]
      : ['FAIL', `unverified member's purchase answered ${describe(answer)}`];
  });

  await probe.check('unverified.withdrawal-code-refused', async () => {
    if (!c) return ['SKIP', 'no unverified member could be made'];
    const answer = await client.post('/api/member/withdrawal/code', undefined, { token: c.access });
    return answer.status === 403
      ? ['PASS', `403 ${errorText(answer)}`]
      : ['FAIL', `unverified member's withdrawal code answered ${describe(answer)}`];
  });

  await probe.check('reservations.second-pending-refused', async () => {
    const painting = probe.otherPainting ?? probe.painting;
    if (!painting) return ['SKIP', 'no primary-market work with parts left'];
    const first = await purchase(b, painting, 'card');
    if (first.status !== 200) return ['SKIP', `B's first reservation answered ${describe(first)}`];
    const second = await purchase(b, painting, 'paypal');
    if (second.status === 200)
      return ['FAIL', `a second pending reservation of the same work was accepted (${second.json.data.reference_id})`];
    return second.status >= 400 && second.status < 500
      ? ['PASS', `second reservation: ${describe(second)}`]
      : ['FAIL', `second reservation answered ${describe(second)}`];
  });

  const newNumber = `6${String(Math.floor(10_000_000 + Math.random() * 89_999_999))}`;
  const changes = [
    [
      'reauth.email-change',
      'PATCH',
      '/api/user/update/email',
      { email: `probe-change-${randomUUID().slice(0, 8)}@${probe.emailDomain}` },
    ],
    ['reauth.phone-change', 'POST', '/api/user/phone', { slug: 'FR', country_code: '+33', number: newNumber }],
    ['reauth.bank-change', 'POST', '/api/user/bank', { account_owner: 'Probe Payee', iban: 'DE89370400440532013000' }],
    [
      'reauth.paypal-change',
      'PATCH',
      '/api/user/paypal',
      { email: `probe-paypal-${randomUUID().slice(0, 8)}@${probe.emailDomain}` },
    ],
  ];
  for (const [name, method, path, body] of changes) {
    await probe.check(name, async () => {
      const answer = await client.request(method, path, { token: b.access, body });
      return answer.status === 403
        ? ['PASS', `without the password again: 403 ${errorText(answer)}`]
        : ['FAIL', `without re-entering the password: ${describe(answer)}`];
    });
  }

  await probe.check('disabled.token-refused', async () => {
    if (!c) return ['SKIP', 'no throw-away member to disable'];
    const disable = await client.post(
      '/api/user/request/disable/account',
      { reason: 'security probe' },
      { token: c.access },
    );
    if (disable.status !== 200) return ['SKIP', `disabling the throw-away member answered ${describe(disable)}`];
    const answer = await client.get('/api/user/profile', { token: c.access });
    if (answer.status === 401 && errorText(answer) === 'Account Deactivated')
      return ['PASS', "401 'Account Deactivated'"];
    return ['FAIL', `disabled account's token answered ${describe(answer)} (expected 401 'Account Deactivated')`];
  });
}
