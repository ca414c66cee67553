// The probe talks to loopback servers only: it signs up members, spends one-time codes and hammers sign-in.
import { isIP } from 'node:net';

/** True for 127.0.0.0/8, ::1 and localhost (the URL parser has already normalised the host). */
export function isLoopbackHost(hostname) {
  const host = String(hostname)
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (host === 'localhost') return true;
  if (isIP(host) === 4) return host.split('.')[0] === '127';
  if (isIP(host) === 6) return host === '::1' || /^(0{1,4}:){7}0{0,3}1$/.test(host) || host === '0:0:0:0:0:0:0:1';
  return false;
}

/**
 * Parses the probe's BASE_URL: http(s), loopback host, no credentials, no path beyond '/'.
 * Returns { origin, protocol, hostname, connectHost, port } or throws an Error saying why.
 */
export function parseBaseUrl(raw) {
  if (!raw) throw new Error('BASE_URL is required, e.g. npm run security:probe -- http://127.0.0.1:3000');
  let url;
  try {
    url = new URL(raw);
  } catch {
    throw new Error(`BASE_URL is not a URL: ${raw}`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new Error(`BASE_URL must be http or https, not ${url.protocol}`);
  }
  if (url.username || url.password) throw new Error('BASE_URL must not carry credentials');
  if (!isLoopbackHost(url.hostname)) {
    throw new Error(
      `refused: ${url.hostname} is not a loopback address (127.0.0.0/8, ::1 or localhost); the probe never leaves this machine`,
    );
  }
  const bare = url.hostname.replace(/^\[(.*)\]$/, '$1');
  // localhost is connected to as 127.0.0.1: the probe then can pick other 127.x source addresses.
  const connectHost = bare.toLowerCase() === 'localhost' ? '127.0.0.1' : bare;
  const port = Number(url.port || (url.protocol === 'https:' ? 443 : 80));
  return { origin: url.origin, protocol: url.protocol, hostname: url.hostname, connectHost, port };
}
