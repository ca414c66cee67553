/**
 * Empties what a test file leaves in a jsdom window for the next file, as a fresh window starts: its storage, cookies,
 * address, title and body. The web app's and the console's unit tests run their files without isolation (decisions
 * 511 and 573), one worker's files sharing one window; their setup files (apps/web/app/test/setup.ts,
 * apps/admin/src/test/setup.ts) call it before each file. Test code only: no app imports it.
 */
export function emptyWindow(): void {
  window.localStorage.clear();
  window.sessionStorage.clear();
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: every cookie a previous file wrote, expired before this one.
    if (name) document.cookie = `${name}=; path=/; max-age=0`;
  }
  window.history.replaceState(null, '', '/');
  document.title = '';
  document.body.innerHTML = '';
}
