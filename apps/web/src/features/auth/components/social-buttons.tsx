import { useId } from 'react';
import { useTranslation } from 'react-i18next';

const PROVIDERS = ['google', 'facebook'] as const;

/**
 * Sign-in (or sign-up) with Google or Facebook. Plain links, not router links: the browser leaves
 * the app for the provider, and the API's callback brings it back to /middleware.
 */
export function SocialButtons({ heading }: { heading: string }) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <section className="social" aria-labelledby={id}>
      <h2 id={id} className="social-heading">
        {heading}
      </h2>
      <div className="social-buttons">
        {PROVIDERS.map((provider) => (
          <a key={provider} className={`button social-button social-${provider}`} href={`/api/auth/${provider}`}>
            {t(`login.${provider}`)}
          </a>
        ))}
      </div>
    </section>
  );
}
