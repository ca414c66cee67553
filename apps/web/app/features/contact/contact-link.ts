/**
 * The footer's "Write to us" is a link to /contact, the form as a page of its own that works without JavaScript
 * (decision 476); with a script (the app, or a document's runtime) a plain click opens the dialog in place instead, so
 * the page looks as before. Free of React: the document runtime reads it.
 */
export const CONTACT_PATH = '/contact';

/** A click the browser should keep: a new tab or window (modifier keys, a middle click), a download. */
export function opensElsewhere(event: Pick<MouseEvent, 'button' | 'metaKey' | 'ctrlKey' | 'shiftKey' | 'altKey'>) {
  return event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey;
}
