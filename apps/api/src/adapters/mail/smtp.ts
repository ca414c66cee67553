import nodemailer, { type Transporter } from 'nodemailer';
import type { DeliveryOptions, Mailer, OutgoingEmail } from './mailer';

/**
 * Email over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). A message with an HTML part goes out as
 * multipart/alternative (its text part first, then the HTML: clients show the last one they can). A test may hand
 * it a transport of its own (nodemailer's stream transport) to read the MIME message it writes.
 */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtp: string | Transporter,
    private readonly from: string,
  ) {
    this.transport = typeof smtp === 'string' ? nodemailer.createTransport(smtp) : smtp;
  }

  async sendEmail(email: OutgoingEmail, options: DeliveryOptions = {}): Promise<void> {
    const domain = /@([^>\s]+)/.exec(this.from)?.[1] ?? 'parcelle.local';
    await this.transport.sendMail({
      ...(options.messageId ? { messageId: `<${options.messageId}@${domain}>` } : {}),
      // Aborting closes this message's connection (nodemailer 10); without it a server that stops answering holds
      // the send for nodemailer's 10-minute socket timeout.
      ...(options.signal ? { signal: options.signal } : {}),
      from: this.from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
    });
  }
}
