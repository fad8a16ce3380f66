// D-37: /ussd, a phone-shaped screen that walks the real USSD menu (the same handler as Africa's
// Talking's callback): dial, read, type an answer or press the keypad, send. Outside production any
// number may be typed; in production only admins see it, for their own number.
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { errorText } from '../../../lib/api-errors';
import { newSessionId, useUssdStep } from '../api/ussd-step';
import '../ussd.css';

const KEYS = ['1', '2', '3', '4', '5', '6', '7', '8', '9', '*', '0', '#'];

export function UssdPage() {
  const { t } = useTranslation();
  const step = useUssdStep();
  const [phone, setPhone] = useState('');
  const [session, setSession] = useState<{ id: string; answers: string[] } | null>(null);
  const [screen, setScreen] = useState<{ text: string; end: boolean } | null>(null);
  const [answer, setAnswer] = useState('');

  const run = (id: string, answers: string[]) =>
    step.mutate(
      { session_id: id, text: answers.join('*'), ...(phone.trim() ? { phone: phone.trim() } : {}) },
      {
        onSuccess: (s) => {
          setSession({ id, answers });
          setScreen({ text: s.reply.replace(/^(CON|END) /, ''), end: s.end });
          setAnswer('');
        },
      },
    );

  const dial = () => run(newSessionId(), []);
  const send = (event: FormEvent) => {
    event.preventDefault();
    if (!session || !answer.trim()) return;
    run(session.id, [...session.answers, answer.trim()]);
  };
  const hangUp = () => {
    setSession(null);
    setScreen(null);
    setAnswer('');
  };
  const inSession = session !== null && screen !== null && !screen.end;

  return (
    <Page title={t('ussd.title')}>
      <p className="ussd-intro">{t('ussd.intro')}</p>
      <div className="ussd-phone">
        <div className="ussd-screen">
          <output aria-live="polite" aria-label={t('ussd.screenLabel')} className="ussd-text">
            {screen ? screen.text : t('ussd.idle')}
          </output>
          {screen?.end ? <p className="ussd-ended">{t('ussd.ended')}</p> : null}
          {step.isError ? (
            <p role="alert" className="ussd-error">
              {errorText(t, step.error)}
            </p>
          ) : null}
        </div>
        {inSession ? (
          <form className="ussd-reply" onSubmit={send}>
            <label htmlFor="ussd-answer">{t('ussd.answer')}</label>
            <input
              id="ussd-answer"
              value={answer}
              maxLength={160}
              autoComplete="off"
              onChange={(e) => setAnswer(e.target.value)}
            />
            <div className="ussd-keypad" role="group" aria-label={t('ussd.keypad')}>
              {KEYS.map((key) => (
                <button key={key} type="button" className="ussd-key" onClick={() => setAnswer((a) => a + key)}>
                  {key}
                </button>
              ))}
            </div>
            <div className="ussd-actions">
              <button type="button" className="button button-secondary" onClick={hangUp}>
                {t('ussd.hangUp')}
              </button>
              <button type="submit" className="button button-primary" disabled={step.isPending || !answer.trim()}>
                {t('ussd.send')}
              </button>
            </div>
          </form>
        ) : (
          <div className="ussd-dial">
            <label htmlFor="ussd-phone">{t('ussd.phone')}</label>
            <input
              id="ussd-phone"
              type="tel"
              inputMode="tel"
              autoComplete="tel"
              value={phone}
              placeholder="+221 77 123 45 67"
              aria-describedby="ussd-phone-help"
              onChange={(e) => setPhone(e.target.value)}
            />
            <p id="ussd-phone-help" className="ussd-help">
              {t('ussd.phoneHelp')}
            </p>
            <button type="button" className="button button-primary" disabled={step.isPending} onClick={dial}>
              {t('ussd.dial')}
            </button>
          </div>
        )}
      </div>
    </Page>
  );
}
