import { once } from 'node:events';
import { createServer, type Socket } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';
import { describe, expect, it } from 'vitest';
import type { JobHandler, JobQueue } from '../../adapters/jobs/job-queue';
import type { DeliveryOptions } from '../../adapters/mail/mailer';
import { SmtpMailer } from '../../adapters/mail/smtp';
import type { AppContext } from '../../context';
import { DELIVERY, defineDeliveryJobs, EMAIL_JOB, SEND_DEADLINE_MS } from './delivery-jobs';

const EMAIL = { to: 'zoe@example.com', subject: 'Your Parcelle code', text: '482913' };

/**
 * An SMTP server that greets and then never answers (a provider hung mid-conversation): what it saw of each
 * connection, and whether the client closed it.
 */
async function silentSmtpServer() {
  const sockets: Socket[] = [];
  const closed: boolean[] = [];
  const server = createServer((socket) => {
    const index = sockets.push(socket) - 1;
    closed[index] = false;
    socket.on('close', () => {
      closed[index] = true;
    });
    socket.on('error', () => {});
    socket.resume(); // what the client says is read and left unanswered
    socket.write('220 smtp.example.test ESMTP\r\n');
  });
  server.listen(0, '127.0.0.1');
  await once(server, 'listening');
  const { port } = server.address() as { port: number };
  return {
    url: `smtp://127.0.0.1:${port}`,
    closed,
    async close() {
      for (const socket of sockets) socket.destroy();
      server.close();
    },
  };
}

describe('an email attempt ends before its job expires (decision 535)', () => {
  it('gives each attempt a deadline well inside the job’s expiry', async () => {
    expect(SEND_DEADLINE_MS).toBeGreaterThan(10_000);
    expect(SEND_DEADLINE_MS).toBeLessThan(DELIVERY.expireInSeconds * 1000);
    const handlers = new Map<string, JobHandler<object>>();
    const jobs = { define: (name: string, _spec: unknown, handler: JobHandler<object>) => handlers.set(name, handler) };
    const seen: DeliveryOptions[] = [];
    const mailer = { sendEmail: async (_email: unknown, options: DeliveryOptions = {}) => void seen.push(options) };
    const ctx = { jobs: jobs as unknown as JobQueue, delivery: { mailer, sms: { sendSms: async () => {} } } };
    defineDeliveryJobs(ctx as unknown as AppContext, { warn: () => {} } as unknown as FastifyBaseLogger);

    await handlers.get(EMAIL_JOB)?.({ id: 'job-1', data: { email: EMAIL }, retryCount: 0 });
    expect(seen).toHaveLength(1);
    expect(seen[0]?.messageId).toBe('job-1');
    expect(seen[0]?.signal).toBeInstanceOf(AbortSignal);
    expect(seen[0]?.signal?.aborted).toBe(false);
  });

  it('closes the connection of a send the SMTP server stopped answering, and fails it', async () => {
    const smtp = await silentSmtpServer();
    try {
      const mailer = new SmtpMailer(smtp.url, 'Parcelle <no-reply@parcelle.test>');
      const started = Date.now();
      const attempt = mailer.sendEmail(EMAIL, { messageId: 'job-2', signal: AbortSignal.timeout(300) });
      await expect(attempt).rejects.toMatchObject({ name: 'AbortError' });
      // Well before nodemailer's own limits (a 30 s greeting, a 10-minute silent socket).
      expect(Date.now() - started).toBeLessThan(5_000);
      await expect.poll(() => smtp.closed[0], { timeout: 5_000 }).toBe(true);
    } finally {
      await smtp.close();
    }
  });
});
