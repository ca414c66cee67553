import { desc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client';
import { outboxMessages } from '../../db/schema';
import type { Mailer, OutgoingEmail, OutgoingSms, SmsSender } from './mailer';

/** Keeps every email and SMS in the database, for development and tests (GET /api/dev/outbox). */
export class OutboxMailer implements Mailer, SmsSender {
  constructor(private readonly db: Database) {}

  async sendEmail(email: OutgoingEmail): Promise<void> {
    await this.db.insert(outboxMessages).values({
      channel: 'email',
      recipient: email.to.toLowerCase(),
      subject: email.subject,
      text: email.text,
      html: email.html ?? null,
    });
  }

  async sendSms(sms: OutgoingSms): Promise<void> {
    await this.db.insert(outboxMessages).values({ channel: 'sms', recipient: sms.to, subject: 'SMS', text: sms.text });
  }
}

export async function listOutbox(db: Database, recipient: string | undefined, limit = 50) {
  const rows = await db
    .select()
    .from(outboxMessages)
    .where(recipient ? eq(outboxMessages.recipient, recipient.toLowerCase()) : undefined)
    .orderBy(desc(outboxMessages.sequence))
    .limit(limit);
  return rows.map((row) => ({
    channel: row.channel,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    html: row.html,
    created_at: row.createdAt.toISOString(),
  }));
}
