import { useQuery } from '@tanstack/react-query';
import type { CertCheckResponse, CertMatch } from '../../../../shared/schemas/cert-check';
import { getQueryFn } from '../../lib/api-request';

const NO_MATCHES: readonly CertMatch[] = [];

/**
 * The signed-in seller's earlier comics holding any of these cert numbers (GET
 * /api/submissions/cert-check). Guests have no earlier submissions, so nothing is asked for them.
 */
export function useEarlierCerts(certNumbers: readonly string[], signedIn: boolean): readonly CertMatch[] {
  const certs = certNumbers.join(',');
  const { data } = useQuery<CertCheckResponse | null>({
    queryKey: [`/api/submissions/cert-check?certs=${encodeURIComponent(certs)}`],
    queryFn: getQueryFn<CertCheckResponse>({ on401: 'returnNull' }),
    enabled: signedIn && certs !== '',
  });
  return data?.matches ?? NO_MATCHES;
}
