import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';

export function AboutPage({ title }: { title: string }) {
  const { t } = useTranslation();
  return (
    <Page title={title}>
      <div className="prose">
        <p className="lead">{t('about.intro')}</p>
        <h2>{t('about.howTitle')}</h2>
        <ul>
          <li>
            <span className="dot dot-need" aria-hidden="true" />
            {t('about.how1')}
          </li>
          <li>
            <span className="dot dot-offer" aria-hidden="true" />
            {t('about.how2')}
          </li>
          <li>{t('about.how3')}</li>
        </ul>
        <h2>{t('about.categoriesTitle')}</h2>
        <p>{t('about.categoriesText')}</p>
        <h2>{t('about.moneyTitle')}</h2>
        <ul>
          <li>{t('about.money1')}</li>
          <li>{t('about.money2')}</li>
          <li>{t('about.money3')}</li>
        </ul>
        <h2>{t('about.contactTitle')}</h2>
        <p>{t('about.contactText')}</p>
        <p>{t('about.languagesText')}</p>
        <h2>{t('about.placesTitle')}</h2>
        {/* D-26: GeoNames data is CC BY: its attribution, with links to the source and the licence. */}
        <p>{t('about.placesText')}</p>
        <ul>
          <li>
            <a href="https://www.geonames.org/">{t('about.placesSource')}</a>
          </li>
          <li>
            <a href="https://creativecommons.org/licenses/by/4.0/">{t('about.placesLicence')}</a>
          </li>
        </ul>
      </div>
    </Page>
  );
}
