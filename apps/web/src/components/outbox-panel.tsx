import { Send, X } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { cancelOutboxItem, useOutbox } from '../lib/outbox';

// What waits to be sent, and a way to cancel each one. Hidden when nothing waits.
export function OutboxPanel() {
  const { t } = useTranslation();
  const items = useOutbox();
  if (!items.length) return null;
  return (
    <section className="outbox" aria-labelledby="outbox-title">
      <h2 id="outbox-title" className="outbox-title">
        <Send aria-hidden="true" size={18} />
        {t('outbox.title', { count: items.length })}
      </h2>
      <ul className="outbox-list">
        {items.map((item) => (
          <li key={item.id} className="outbox-item" data-state={item.state}>
            <span className="outbox-what">
              <strong>{t(`outbox.kind.${item.kind}`)}</strong> {item.label}
            </span>
            <span className="outbox-state">{item.state === 'refused' ? t('outbox.refused') : t('outbox.waiting')}</span>
            <button
              type="button"
              className="button button-small"
              aria-label={t('outbox.cancelItem', { what: item.label || t(`outbox.kind.${item.kind}`) })}
              onClick={() => void cancelOutboxItem(item.id)}
            >
              <X aria-hidden="true" size={16} />
              {item.state === 'refused' ? t('outbox.dismiss') : t('outbox.cancel')}
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
