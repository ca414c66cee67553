/**
 * Thrown (and ignored by the sections) when the member closes the identity check or a code dialog. A module of its
 * own: the plain code dialogs (decision 548) use it without importing the identity check's MUI dialogs.
 */
export class IdentityCheckCancelled extends Error {
  constructor() {
    super('identity check cancelled');
    this.name = 'IdentityCheckCancelled';
  }
}
