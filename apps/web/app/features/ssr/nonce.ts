import { createContext, useContext } from 'react';

/** The CSP nonce of the answer being rendered on the server; nothing in the browser (its scripts already ran). */
export const NonceContext = createContext<string | undefined>(undefined);

export function useNonce(): string | undefined {
  return useContext(NonceContext);
}
