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
      </div>
    </Page>
  );
}
