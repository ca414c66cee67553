// What a self-started production server sends: a local SMTP sink and a Twilio-compatible HTTP stub, both on
// 127.0.0.1, so the probe can read the codes a real deployment would email or text.
import { createServer as createHttpServer } from 'node:http';
import { createServer as createTcpServer } from 'node:net';

/** Every message caught, newest last: { channel, to, subject, text, at (ISO) }. */
export class MessageStore {
  constructor() {
    this.messages = [];
  }

  add(message) {
    this.messages.push({ ...message, to: String(message.to).toLowerCase(), at: new Date().toISOString() });
  }

  /** The newest 6-digit code sent to `to` since `since` (ISO), or null: read from the body (never in a subject). */
  latestCode(to, since) {
    const wanted = String(to).toLowerCase();
    for (const message of [...this.messages].reverse()) {
      if (message.to !== wanted || (since && message.at < since)) continue;
      const code = /\b(\d{6})\b/.exec(message.text)?.[1];
      if (code) return code;
    }
    return null;
  }
}

const listen = (server) =>
  new Promise((resolve, reject) => {
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => resolve(server.address().port));
  });

/** A header block with its folded lines joined, and the body after it. */
function splitMessage(raw) {
  const blank = /\r?\n\r?\n/.exec(raw);
  const head = blank ? raw.slice(0, blank.index) : raw;
  const body = blank ? raw.slice(blank.index + blank[0].length) : '';
  return { headers: head.replace(/\r?\n[ \t]+/g, ' '), body };
}

/** Quoted-printable to text (soft breaks removed, =XX bytes decoded as UTF-8). */
function fromQuotedPrintable(text) {
  const bytes = [];
  const unfolded = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < unfolded.length; i++) {
    const hex = unfolded.slice(i + 1, i + 3);
    if (unfolded[i] === '=' && /^[0-9A-F]{2}$/i.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else bytes.push(...Buffer.from(unfolded[i] ?? '', 'utf8'));
  }
  return Buffer.from(bytes).toString('utf8');
}

/** RFC 2047 encoded words (=?UTF-8?B?…?= and =?UTF-8?Q?…?=) in a header, decoded. */
function decodeHeader(value) {
  return value.replace(/=\?[^?]+\?([BQ])\?([^?]*)\?=\s*/gi, (_, kind, data) =>
    kind.toUpperCase() === 'B'
      ? Buffer.from(data, 'base64').toString('utf8')
      : fromQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

/**
 * The plain text of a message part: of a multipart one (issue 31: every email is multipart/alternative, HTML and
 * text), its text/plain part; otherwise the body, decoded from base64 or quoted-printable.
 */
function textOf(headers, body) {
  const type = /^content-type:\s*([^;\s]+)(.*)$/im.exec(headers);
  const boundary = type && /^multipart\//i.test(type[1]) ? /boundary="?([^";\s]+)"?/i.exec(type[2])?.[1] : undefined;
  if (boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((part) => !part.startsWith('--'))
      .map((part) => splitMessage(part.replace(/^\r?\n/, '')));
    const plain = parts.find((part) => /^content-type:\s*(text\/plain|multipart\/)/im.test(part.headers)) ?? parts[0];
    return plain ? textOf(plain.headers, plain.body) : '';
  }
  const encoding = /^content-transfer-encoding:\s*(\S+)/im.exec(headers)?.[1]?.toLowerCase();
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return fromQuotedPrintable(body);
}

/** Reads a raw RFC 5322 message: its subject and its plain text (the text part of a multipart message). */
export function readMail(raw) {
  const { headers, body } = splitMessage(raw);
  const subject = decodeHeader(/^subject:\s*(.*)$/im.exec(headers)?.[1] ?? '');
  return { subject, text: textOf(headers, body) };
}

/** A minimal SMTP server that accepts every message (no TLS, no auth) and keeps it in the store. */
export async function startSmtpSink(store) {
  const server = createTcpServer((socket) => {
    let buffer = '';
    let inData = false;
    let recipients = [];
    const reply = (line) => socket.write(`${line}\r\n`);
    reply('220 parcelle-probe ESMTP sink');
    socket.on('data', (chunk) => {
      buffer += chunk.toString('utf8');
      while (buffer.length > 0) {
        if (inData) {
          const end = buffer.indexOf('\r\n.\r\n');
          if (end < 0) return;
          const raw = buffer.slice(0, end).replace(/^\.\./gm, '.');
          buffer = buffer.slice(end + 5);
          inData = false;
          const mail = readMail(raw);
          for (const to of recipients) store.add({ channel: 'email', to, ...mail });
          recipients = [];
          reply('250 OK queued');
          continue;
        }
        const newline = buffer.indexOf('\r\n');
        if (newline < 0) return;
        const line = buffer.slice(0, newline);
        buffer = buffer.slice(newline + 2);
        const verb = line.slice(0, 4).toUpperCase();
        if (verb === 'EHLO') reply('250-parcelle-probe\r\n250-8BITMIME\r\n250 SMTPUTF8');
        else if (verb === 'HELO') reply('250 parcelle-probe');
        else if (verb === 'MAIL') {
          recipients = [];
          reply('250 OK');
        } else if (verb === 'RCPT') {
          recipients.push(/<([^>]*)>/.exec(line)?.[1] ?? '');
          reply('250 OK');
        } else if (verb === 'DATA') {
          inData = true;
          reply('354 End data with <CR><LF>.<CR><LF>');
        } else if (verb === 'QUIT') {
          reply('221 Bye');
          socket.end();
        } else if (verb === 'RSET' || verb === 'NOOP') reply('250 OK');
        else reply('502 Command not implemented');
      }
    });
    socket.on('error', () => {});
  });
  return { server, port: await listen(server) };
}

/** Twilio's Messages API (POST /2010-04-01/Accounts/{sid}/Messages.json, form or JSON body): keeps each SMS. */
export async function startTwilioStub(store) {
  const server = createHttpServer((request, response) => {
    const chunks = [];
    request.on('data', (chunk) => chunks.push(chunk));
    request.on('end', () => {
      if (request.method !== 'POST' || !/\/Messages(\.json)?$/.test(new URL(request.url, 'http://stub').pathname)) {
        response.writeHead(404, { 'content-type': 'application/json' }).end('{"code":20404,"message":"not found"}');
        return;
      }
      const raw = Buffer.concat(chunks).toString('utf8');
      let fields;
      try {
        fields = /json/.test(String(request.headers['content-type']))
          ? JSON.parse(raw)
          : Object.fromEntries(new URLSearchParams(raw));
      } catch {
        fields = {};
      }
      store.add({
        channel: 'sms',
        to: fields.To ?? fields.to ?? '',
        subject: 'SMS',
        text: fields.Body ?? fields.body ?? '',
      });
      const sid = `SM${Date.now().toString(16).padStart(32, '0')}`;
      response
        .writeHead(201, { 'content-type': 'application/json' })
        .end(JSON.stringify({ sid, status: 'queued', to: fields.To, from: fields.From, body: fields.Body }));
    });
  });
  return { server, port: await listen(server) };
}
