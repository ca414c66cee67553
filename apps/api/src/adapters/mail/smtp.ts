import nodemailer, { type Transporter } from 'nodemailer';
import type { DeliveryOptions, Mailer, OutgoingEmail } from './mailer';

/** Email over SMTP (SMTP_URL, e.g. smtps://user:pass@smtp.example.com:465). */
export class SmtpMailer implements Mailer {
  private readonly transport: Transporter;

  constructor(
    smtpUrl: string,
    private readonly from: string,
  ) {
    this.transport = nodemailer.createTransport(smtpUrl);
  }

  async sendEmail(email: OutgoingEmail, options: DeliveryOptions = {}): Promise<void> {
    const domain = /@([^>\s]+)/.exec(this.from)?.[1] ?? 'parcelle.local';
    await this.transport.sendMail({
      ...(options.messageId ? { messageId: `<${options.messageId}@${domain}>` } : {}),
      from: this.from,
      to: email.to,
      subject: email.subject,
      text: email.text,
      html: email.html,
    });
  }
}
