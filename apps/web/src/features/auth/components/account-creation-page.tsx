// SPEC 2.3 item 19: the three kinds of account as radio cards; Create An Account opens /register
// with the type; Leave asks 'Wait!!' first (Leave goes home, Gain stays).
import { BadgeCheck, UserRound, UsersRound } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ACCOUNT_TYPES } from '@app/shared';
import { Modal } from '../../../components/modal';
import type { AccountType } from '../utils/register-form';
import { AuthPage } from './auth-page';

const ICONS = { withOutID: UserRound, withID: BadgeCheck, withGorFB: UsersRound } as const;

export function AccountCreationPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [type, setType] = useState<AccountType>('withOutID');
  const [waiting, setWaiting] = useState(false);
  const id = useId();

  return (
    <AuthPage title={title} wide>
      <form
        className="card form"
        onSubmit={(event) => {
          event.preventDefault();
          void navigate(`/register?type=${type}`, { state: { type } });
        }}
      >
        <fieldset>
          <legend>{t('accountCreation.legend')}</legend>
          <div className="type-cards">
            {ACCOUNT_TYPES.map((value) => {
              const Icon = ICONS[value];
              return (
                <label key={value} className="type-card">
                  <input
                    type="radio"
                    name="accountType"
                    value={value}
                    checked={type === value}
                    onChange={() => setType(value)}
                    aria-labelledby={`${id}-${value}`}
                    aria-describedby={`${id}-${value}-text`}
                  />
                  <Icon aria-hidden="true" size={28} className="type-card-icon" />
                  <span id={`${id}-${value}`} className="type-card-title">
                    {t(`accountCreation.${value}`)}
                  </span>
                  <span id={`${id}-${value}-text`} className="type-card-text">
                    {t(`accountCreation.${value}Text`)}
                  </span>
                </label>
              );
            })}
          </div>
        </fieldset>
        <p className="muted">{t('accountCreation.free')}</p>
        <div className="form-actions form-actions-wrap">
          <button type="submit" className="button button-primary">
            {t('accountCreation.create')}
          </button>
          <button type="button" className="button button-ghost" onClick={() => setWaiting(true)}>
            {t('accountCreation.leave')}
          </button>
        </div>
      </form>
      <p className="auth-footer">
        {t('accountCreation.haveAccount')} <Link to="/login">{t('accountCreation.login')}</Link>
      </p>
      <Modal
        open={waiting}
        title={t('accountCreation.waitTitle')}
        onClose={() => setWaiting(false)}
        actions={
          <>
            <button type="button" className="button button-ghost" onClick={() => void navigate('/')}>
              {t('accountCreation.leaveConfirm')}
            </button>
            <button type="button" className="button button-primary" onClick={() => setWaiting(false)}>
              {t('accountCreation.gain')}
            </button>
          </>
        }
      >
        <p>{t('accountCreation.waitText')}</p>
      </Modal>
    </AuthPage>
  );
}
