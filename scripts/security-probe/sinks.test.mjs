import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MessageStore, readMail, startSmtpSink, startTwilioStub } from './sinks.mjs';

describe('message store', () => {
  it('answers the newest code sent to an address since a moment', () => {
    const store = new MessageStore();
    store.add({ channel: 'email', to: 'A@example.com', subject: 'Your Parcelle code', text: 'Your code:\n\n 111111' });
    store.add({ channel: 'email', to: 'b@example.com', subject: 'Your Parcelle code', text: 'Your code: 222222' });
    store.add({ channel: 'email', to: 'b@example.com', subject: 'Your code: 444444', text: 'no code in the body' });
    store.add({ channel: 'sms', to: 'a@example.com', subject: 'SMS', text: 'Parcelle: your code is 333333.' });
    expect(store.latestCode('a@example.com')).toBe('333333');
    expect(store.latestCode('b@example.com')).toBe('222222');
    expect(store.latestCode('c@example.com')).toBeNull();
    expect(store.latestCode('a@example.com', '2999-01-01T00:00:00.000Z')).toBeNull();
  });

  it('reads the subject and a quoted-printable text', () => {
    const mail = readMail(
      'Subject: Your Parcelle\r\n verification code\r\nX: y\r\n\r\nYour code is=\r\n: 123456 =C2=A0ok',
    );
    expect(mail.subject).toBe('Your Parcelle verification code');
    expect(mail.text).toContain('Your code is: 123456');
  });
});

describe('SMTP sink and Twilio stub', () => {
  const store = new MessageStore();
  let smtp;
  let twilio;
  beforeAll(async () => {
    smtp = await startSmtpSink(store);
    twilio = await startTwilioStub(store);
  });
  afterAll(() => {
    smtp.server.close();
    twilio.server.close();
  });

  it('catches what nodemailer sends over SMTP, reading the code from the text part of a multipart email', async () => {
    const transport = nodemailer.createTransport(`smtp://127.0.0.1:${smtp.port}`);
    await transport.sendMail({
      from: 'Parcelle <no-reply@example.com>',
      to: 'member@example.com',
      subject: 'Votre code Parcelle — vérification',
      text: 'Bonjour Zoé,\n\nVotre code de vérification\u00a0:\n\n    654321\n\nIl expire dans 15 minutes.',
      html: '<!doctype html><html lang="fr"><body><p style="font-size:34px">999999</p></body></html>',
    });
    expect(store.latestCode('member@example.com')).toBe('654321');
    const mail = store.messages.at(-1);
    expect(mail.subject).toBe('Votre code Parcelle — vérification');
    expect(mail.text).toContain('Bonjour Zoé,');
    expect(mail.text).not.toContain('<html');
  });

  it('answers Twilio’s Messages API and keeps the text', async () => {
    const response = await fetch(`http://127.0.0.1:${twilio.port}/2010-04-01/Accounts/AC1/Messages.json`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ To: '+33612345678', From: '+15005550006', Body: 'Your code is 987654.' }),
    });
    expect(response.status).toBe(201);
    expect((await response.json()).sid).toMatch(/^SM/);
    expect(store.latestCode('+33612345678')).toBe('987654');
    const unknown = await fetch(`http://127.0.0.1:${twilio.port}/elsewhere`, { method: 'POST' });
    expect(unknown.status).toBe(404);
  });
});
