import { useId, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { browser, socialStartUrl } from '../../../lib/social-binding';
import { useProviders } from '../api/get-providers';

const PROVIDERS = ['google', 'facebook'] as const;

/**
 * Leaves for the provider with this tab's binding: the link's own address, without
 * one, would end at /login?error=social.
 */
function startSignIn(event: MouseEvent<HTMLAnchorElement>, provider: string) {
  event.preventDefault();
  socialStartUrl(provider).then(browser.go, () => browser.go('/login?error=social'));
}

/**
 * Sign-in (or sign-up) with Google or Facebook. Plain links, not router links: the browser leaves
 * the app for the provider, and the API's callback brings it back to /middleware. Only what the
 * server has set up is offered: a provider without keys is not shown at all, and the local test
 * sign-in exists only outside production (the server never enables it there). Until the server
 * has said, and when it offers nothing, the section is absent rather than a list of dead buttons.
 */
export function SocialButtons({ heading }: { heading: string }) {
  const { t } = useTranslation();
  const id = useId();
  const enabled = useProviders().data;
  const offered = PROVIDERS.filter((provider) => enabled?.[provider]);
  if (!enabled || (offered.length === 0 && !enabled.local)) return null;
  return (
    <section className="social" aria-labelledby={id}>
      <h2 id={id} className="social-heading">
        {heading}
      </h2>
      <div className="social-buttons">
        {offered.map((provider) => (
          <a
            key={provider}
            className={`button social-button social-${provider}`}
            href={`/api/auth/${provider}`}
            onClick={(event) => startSignIn(event, provider)}
          >
            {t(`login.${provider}`)}
          </a>
        ))}
        {enabled.local ? (
          <a
            className="button social-button social-local"
            href="/api/auth/local"
            onClick={(event) => startSignIn(event, 'local')}
          >
            {t('login.local')}
          </a>
        ) : null}
      </div>
    </section>
  );
}
