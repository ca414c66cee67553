/**
 * The rule of every address an operator enters and the site shows (issue 26), without zod so that the web app's
 * first load can use it: no user name or password in it ("https://user:pw@host" shows one host, may carry a secret,
 * and browsers strip or warn about it).
 */
export function withoutCredentials(url: URL): boolean {
  return !url.username && !url.password;
}

/** An https address of a named host, without credentials: social links, link blocks, anything an operator enters. */
export function isPublicHttpsUrl(url: URL): boolean {
  return url.protocol === 'https:' && url.hostname.includes('.') && withoutCredentials(url);
}

/** `isPublicHttpsUrl` of a string (false when it is no URL). */
export function isPublicHttpsLink(value: string): boolean {
  try {
    return isPublicHttpsUrl(new URL(value));
  } catch {
    return false;
  }
}
