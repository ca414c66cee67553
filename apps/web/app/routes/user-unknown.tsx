import { redirect } from 'react-router';
import { guard } from '../features/session/access';

/** Unknown /user paths go to / — after the member check, so guests still land on /login (spec §2). */
export async function clientLoader() {
  await guard('member');
  throw redirect('/');
}

export default function UserUnknown() {
  return null;
}
