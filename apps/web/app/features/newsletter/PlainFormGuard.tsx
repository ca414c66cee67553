import hidden from '../layout/visually-hidden.module.css';
import { HONEYPOT_FIELD } from './plain-signup';

/**
 * What a form sent without a script carries besides its fields (decisions 465, 476): the server-signed token that
 * stands in for the captcha, and the field no person fills — never seen, never announced; a robot filling every field
 * fills it. `label` names it for a robot reading labels, in the page's language.
 */
export function PlainFormGuard({ token, label }: { token: string; label: string }) {
  return (
    <>
      <input type="hidden" name="form_token" value={token} />
      <div aria-hidden="true" className={hidden.visuallyHidden}>
        <label>
          {label}
          <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
        </label>
      </div>
    </>
  );
}
