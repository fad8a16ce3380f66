// SPEC 2.3 item 23: the end of a social sign-in. The one-time code in ?code becomes a session
// (never a user or key in the address, API.md); after SPEC 9's 1000 ms the user goes on to
// /dashboard, or to /registerCountry when the account still lacks a phone or country.
import { useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { SOCIAL_REDIRECT_MS } from '@app/shared';
import { Page } from '../../../components/page';
import { currentUserQueryOptions } from '../../../lib/current-user';
import { storeSession } from '../../../lib/session';
import { holdSession } from '../api/complete-social-sign-up';
import { parseProvider, socialSignIn } from '../api/social-sign-in';
import '../profile.css';

const SOCIAL_ERROR_URL = '/login?error=social';

export function MiddlewarePage({ title }: { title: string }) {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const code = params.get('code');
  const provider = parseProvider(params.get('provider'));

  useEffect(() => {
    if (!code) {
      navigate(SOCIAL_ERROR_URL, { replace: true });
      return;
    }
    let cancelled = false;
    let timer: number | undefined;
    socialSignIn(provider, code).then(
      (session) => {
        if (cancelled) return;
        if (session.needs_completion) {
          holdSession(session);
        } else {
          storeSession(session);
          queryClient.setQueryData(currentUserQueryOptions().queryKey, session.user);
        }
        timer = window.setTimeout(
          () => navigate(session.needs_completion ? '/registerCountry' : '/dashboard', { replace: true }),
          SOCIAL_REDIRECT_MS,
        );
      },
      () => {
        if (!cancelled) navigate(SOCIAL_ERROR_URL, { replace: true });
      },
    );
    return () => {
      cancelled = true;
      window.clearTimeout(timer);
    };
  }, [code, provider, navigate, queryClient]);

  return (
    <Page title={title}>
      <div className="card account-wait" role="status">
        <span className="spinner-dot" aria-hidden="true" />
        <p>{t('middleware.wait')}</p>
      </div>
    </Page>
  );
}
