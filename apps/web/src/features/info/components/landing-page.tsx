import { MapPin, Wallet } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

export function LandingPage() {
  const { t } = useTranslation();
  return (
    <article className="landing">
      <section className="hero">
        <h1 className="hero-title">{t('landing.title')}</h1>
        <p className="hero-lead">{t('landing.lead')}</p>
        <div className="hero-actions">
          <Link className="button button-primary" to="/accountcreation">
            {t('app.signUp')}
          </Link>
          <Link className="button button-secondary" to="/login">
            {t('app.login')}
          </Link>
        </div>
      </section>
      <section className="feature-grid">
        <div className="card feature feature-need">
          <MapPin aria-hidden="true" className="feature-icon" />
          <h2>{t('landing.needTitle')}</h2>
          <p>{t('landing.needText')}</p>
        </div>
        <div className="card feature feature-offer">
          <MapPin aria-hidden="true" className="feature-icon" />
          <h2>{t('landing.offerTitle')}</h2>
          <p>{t('landing.offerText')}</p>
        </div>
        <div className="card feature">
          <h2>{t('landing.whatTitle')}</h2>
          <p>{t('landing.whatText')}</p>
        </div>
        <div className="card feature">
          <Wallet aria-hidden="true" className="feature-icon" />
          <h2>{t('landing.payTitle')}</h2>
          <p>{t('landing.payText')}</p>
        </div>
      </section>
      <section className="cta">
        <Link className="button button-primary" to="/accountcreation">
          {t('landing.cta')}
        </Link>
        <p>
          {t('landing.haveAccount')} <Link to="/login">{t('app.login')}</Link>
        </p>
      </section>
    </article>
  );
}
