import http from 'node:http';
import https from 'node:https';

const REQUEST_TIMEOUT_MS = 20_000;

/**
 * A small HTTP client over node:http: every request takes one unit of the budget, may leave from a chosen loopback
 * source address (so per-IP limits of one check do not spill over the others), and answers
 * { status, headers, text, json } (json is null when the body is not JSON).
 */
export class Client {
  constructor(target, budget) {
    this.target = target;
    this.budget = budget;
    this.transport = target.protocol === 'https:' ? https : http;
  }

  /**
   * @param {string} method
   * @param {string} path
   * @param {{ token?: string, body?: unknown, raw?: string, headers?: Record<string,string>, from?: string }} [options]
   */
  request(method, path, options = {}) {
    this.budget.take();
    const headers = { accept: 'application/json', host: hostHeader(this.target), ...options.headers };
    if (options.token) headers.authorization = `Bearer ${options.token}`;
    let payload;
    if (options.raw !== undefined) payload = options.raw;
    else if (options.body !== undefined) payload = JSON.stringify(options.body);
    if (payload !== undefined) {
      headers['content-type'] ??= 'application/json';
      headers['content-length'] = String(Buffer.byteLength(payload));
    }
    const timeout = Math.min(REQUEST_TIMEOUT_MS, Math.max(1, this.budget.remainingMs()));
    return new Promise((resolve, reject) => {
      const request = this.transport.request(
        {
          host: this.target.connectHost,
          port: this.target.port,
          method,
          path,
          headers,
          timeout,
          rejectUnauthorized: false,
          ...(options.from ? { localAddress: options.from } : {}),
        },
        (response) => {
          const chunks = [];
          response.on('data', (chunk) => chunks.push(chunk));
          response.on('end', () => {
            const buffer = Buffer.concat(chunks);
            const text = buffer.toString('utf8');
            let json = null;
            if (/json/.test(String(response.headers['content-type']))) {
              try {
                json = JSON.parse(text);
              } catch {
                json = null;
              }
            }
            resolve({ status: response.statusCode ?? 0, headers: response.headers, text, json, bytes: buffer });
          });
          response.on('error', reject);
        },
      );
      request.on('timeout', () => request.destroy(new Error(`${method} ${path}: no answer within ${timeout} ms`)));
      request.on('error', reject);
      if (payload !== undefined) request.write(payload);
      request.end();
    });
  }

  get(path, options) {
    return this.request('GET', path, options);
  }
  post(path, body, options = {}) {
    return this.request('POST', path, { ...options, body });
  }
  patch(path, body, options = {}) {
    return this.request('PATCH', path, { ...options, body });
  }
}

function hostHeader(target) {
  const defaultPort = target.protocol === 'https:' ? 443 : 80;
  return target.port === defaultPort ? target.hostname : `${target.hostname}:${target.port}`;
}

/** `error.en` of a failure envelope, or ''. */
export const errorText = (response) => String(response?.json?.error?.en ?? '');

/** "401 Invalid Token", "200 [application/pdf]" — for reasons. */
export function describe(response) {
  if (errorText(response)) return `${response.status} ${errorText(response)}`;
  if (response.json || !response.text) return String(response.status);
  const type = String(response.headers?.['content-type'] ?? '');
  return /^text\/(plain|html)/.test(type) || type === ''
    ? `${response.status} ${response.text.slice(0, 60).replace(/\s+/g, ' ')}`
    : `${response.status} [${type.split(';')[0]}]`;
}

/** The answer asks for a captcha (by its field or its message). */
export const asksForCaptcha = (response) =>
  response.status >= 400 &&
  response.status < 500 &&
  (/captcha/i.test(String(response.json?.field ?? '')) || /captcha/i.test(errorText(response)));
