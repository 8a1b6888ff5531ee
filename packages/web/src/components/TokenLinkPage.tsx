import { useQuery, type QueryKey } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { PageLoader } from './PageLoader.tsx';

/** What the form of a verified link is handed. */
export interface TokenLinkForm<Verified, Failure, Result> {
  token: string;
  /** What the verification answered (the address, the invitation…). */
  verified: Verified;
  onDone: (result: Result) => void;
  onFailed: (failure: Failure) => void;
}

export interface TokenLinkPageProps<Verified, Failure, Result> {
  /** The query key of the token's verification. */
  verifyKey: (token: string) => QueryKey;
  verify: (token: string) => Promise<Verified>;
  /** What a link without a token shows. */
  missingToken: Failure;
  /** What a failed verification shows. */
  verifyFailure: (error: unknown) => Failure;
  form: (link: TokenLinkForm<Verified, Failure, Result>) => ReactNode;
  done: (result: Result) => ReactNode;
  failed: (failure: Failure) => ReactNode;
}

type Outcome<Failure, Result> =
  { kind: 'done'; result: Result } | { kind: 'failed'; failure: Failure };

/**
 * A page opened from an e-mailed link (`?token=`): it verifies the token, then shows the form, and
 * after it the completion or the failure; a missing, expired or used link shows the failure at
 * once.
 */
export function TokenLinkPage<Verified, Failure, Result = void>({
  verifyKey,
  verify,
  missingToken,
  verifyFailure,
  form,
  done,
  failed,
}: TokenLinkPageProps<Verified, Failure, Result>) {
  const { t } = useTranslation();
  const token = useSearchParams()[0].get('token') ?? '';
  const [outcome, setOutcome] = useState<Outcome<Failure, Result> | null>(null);
  const verification = useQuery({
    queryKey: verifyKey(token),
    queryFn: () => verify(token),
    enabled: token !== '',
    staleTime: Infinity,
    gcTime: 0,
  });

  if (!token) return failed(missingToken);
  if (outcome?.kind === 'failed') return failed(outcome.failure);
  if (outcome?.kind === 'done') return done(outcome.result);
  if (verification.isPending) return <PageLoader label={t('common.verifying')} />;
  if (verification.isError) return failed(verifyFailure(verification.error));
  return form({
    token,
    verified: verification.data,
    onDone: (result) => setOutcome({ kind: 'done', result }),
    onFailed: (failure) => setOutcome({ kind: 'failed', failure }),
  });
}
