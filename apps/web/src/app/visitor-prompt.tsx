// SPEC 4: the visitor modal (Sign Up, Login, Leave) and its 'Wait!!' confirm (Leave, Gain).
// It opens once per visit on the landing page, and whenever a visitor picks an item that needs
// an account.
import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Modal } from '../components/modal';

type Step = 'closed' | 'promo' | 'wait';
const PromptContext = createContext<() => void>(() => undefined);

export const useVisitorPrompt = () => useContext(PromptContext);

export function VisitorPromptProvider({ children }: { children: ReactNode }) {
  const { t } = useTranslation();
  const [step, setStep] = useState<Step>('closed');
  const open = useCallback(() => setStep('promo'), []);
  const close = useCallback(() => setStep('closed'), []);
  const value = useMemo(() => open, [open]);

  return (
    <PromptContext.Provider value={value}>
      {children}
      <Modal
        open={step === 'promo'}
        title={t('visitor.promoTitle')}
        onClose={() => setStep((s) => (s === 'promo' ? 'closed' : s))}
        actions={
          <>
            <Link className="button button-primary" to="/accountcreation" onClick={close}>
              {t('visitor.signUp')}
            </Link>
            <Link className="button button-secondary" to="/login" onClick={close}>
              {t('visitor.login')}
            </Link>
            <button type="button" className="button button-ghost" onClick={() => setStep('wait')}>
              {t('visitor.leave')}
            </button>
          </>
        }
      >
        <p>{t('visitor.promoText')}</p>
      </Modal>
      <Modal
        open={step === 'wait'}
        title={t('visitor.waitTitle')}
        onClose={() => setStep((s) => (s === 'wait' ? 'promo' : s))}
        actions={
          <>
            <button type="button" className="button button-ghost" onClick={close}>
              {t('visitor.leaveConfirm')}
            </button>
            <button type="button" className="button button-primary" onClick={() => setStep('promo')}>
              {t('visitor.gain')}
            </button>
          </>
        }
      >
        <p>{t('visitor.waitText')}</p>
      </Modal>
    </PromptContext.Provider>
  );
}
