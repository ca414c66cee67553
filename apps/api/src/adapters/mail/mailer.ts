/** A message to one recipient, already rendered in the recipient's language. */
export type OutgoingEmail = { to: string; subject: string; text: string; html?: string };
export type OutgoingSms = { to: string; text: string };

/** Sends email. Implementations: SMTP (nodemailer) or the development outbox. */
export interface Mailer {
  sendEmail(email: OutgoingEmail): Promise<void>;
}

/** Sends SMS. Until an SMS provider is configured, messages go to the outbox. */
export interface SmsSender {
  sendSms(sms: OutgoingSms): Promise<void>;
}
