import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/test-app';
import { EMAIL_JOB } from './modules/notifications/delivery-jobs';

/**
 * A job whose code throws is logged by its name, attempt and error (jobs.ts): what an operator reads to know why a
 * member's email waits. The log is read from the app's own pino stream.
 */
let t: TestApp;
const lines: string[] = [];

beforeAll(async () => {
  t = await createTestApp({ logLevel: 'warn' }, { logStream: { write: (line: string) => void lines.push(line) } });
});
afterAll(() => t.close());

describe('a failed job in the log', () => {
  it('names the error’s kind and message, never the message it was sending', async () => {
    // Guard: jobs.ts logs the error under its own key; under `err` the app's serializer wrote "[object Object]".
    t.ctx.delivery.mailer = {
      sendEmail: async () => {
        throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:25'), { code: 'ECONNREFUSED' });
      },
    } as unknown as typeof t.ctx.delivery.mailer;
    await t.ctx.jobs.send(EMAIL_JOB, { email: { to: 'zoe@example.com', subject: 'Your code', text: '482913' } });
    await t.ctx.jobs.drain([EMAIL_JOB]);
    const entry = lines.map((line) => JSON.parse(line)).find((logged) => logged.msg === 'job failed');
    expect(entry).toMatchObject({
      job: EMAIL_JOB,
      retryCount: 0,
      error: { type: 'Error', message: 'SMTP delivery failed (ECONNREFUSED); retried with backoff' },
    });
    expect(lines.join('\n')).not.toMatch(/zoe@example|482913/);
  });
});
