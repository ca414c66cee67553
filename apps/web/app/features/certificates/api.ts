import type { TCertificateVerifyData, TMemberCertificate } from '@parcelle/shared/contracts/certificates';
import { useQuery } from '@tanstack/react-query';
import { apiData } from '../session/api';
import { ApiError } from '../session/api-error';

export type CertificateVerifyData = TCertificateVerifyData;
export type MemberCertificate = TMemberCertificate;

export const certificateKeys = {
  verify: (number: string) => ['certificates', 'verify', number] as const,
};

/**
 * GET /certificates/verify/:number. A 404 (unknown or malformed number) is an answer, not a failure: it is not
 * retried. Other failures (network, 5xx) are retried once before the error state shows.
 */
export function useCertificateVerification(number: string) {
  return useQuery({
    queryKey: certificateKeys.verify(number),
    queryFn: ({ signal }) =>
      apiData<CertificateVerifyData>(`/certificates/verify/${encodeURIComponent(number)}`, { signal }),
    enabled: number.length > 0,
    staleTime: 5 * 60_000,
    retry: (failures, error) => !(error instanceof ApiError && error.status === 404) && failures < 1,
  });
}

/** Whether a failed verification means "no certificate has this number". */
export const isUnknownCertificate = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 414);
