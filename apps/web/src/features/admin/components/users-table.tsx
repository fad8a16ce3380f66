// The admin's table of users (D-11): id, name, e-mail and mobile, sortable on e-mail and mobile
// (SPEC 2.1); for an account with ID, its images and the '+ID' (verified) and VIP switches.
import { formatPhone } from '../../../lib/phone-format';
import type { UseQueryResult } from '@tanstack/react-query';
import { ArrowDown, ArrowUp, ArrowUpDown } from 'lucide-react';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Spinner } from '../../../components/spinner';
import { errorText } from '../../../lib/api-errors';
import { useUpdateAdminUser, type AdminUser } from '../api/admin-users';
import { nextSort, sortUsers, type Sort, type SortKey } from '../utils/sort-users';
import { IdImagesModal } from './id-images-modal';
import '../admin.css';

interface UsersTableProps {
  /** The admin's own id: their row's switches are disabled (the API refuses them too). */
  me: string;
  query: UseQueryResult<AdminUser[]>;
}

const fullName = (u: AdminUser) => [u.firstName, u.lastName].filter(Boolean).join(' ');

export function UsersTable({ me, query }: UsersTableProps) {
  const { t } = useTranslation();
  const ownHintId = useId();
  const [sort, setSort] = useState<Sort | null>(null);
  const [viewing, setViewing] = useState<AdminUser | null>(null);
  const update = useUpdateAdminUser();
  const rows = useMemo(() => sortUsers(query.data ?? [], sort), [query.data, sort]);

  if (query.isPending) return <Spinner />;
  if (query.isError) {
    return (
      <div className="card" role="alert">
        <p>{errorText(t, query.error)}</p>
        <button type="button" className="button button-secondary" onClick={() => void query.refetch()}>
          {t('admin.retry')}
        </button>
      </div>
    );
  }

  const sortHeader = (key: SortKey, label: string) => {
    const active = sort?.key === key;
    const Icon = !active ? ArrowUpDown : sort.direction === 'ascending' ? ArrowUp : ArrowDown;
    return (
      <th scope="col" role="columnheader" aria-sort={active ? sort.direction : 'none'} className="users-sortable">
        <button type="button" className="users-sort" onClick={() => setSort((s) => nextSort(s, key))}>
          {label}
          <Icon aria-hidden="true" size={16} />
        </button>
      </th>
    );
  };

  const flag = (user: AdminUser, field: 'verified' | 'vip') => {
    const own = user._id === me;
    const who = user.email ?? fullName(user);
    const busy = update.isPending && update.variables.userId === user._id;
    return (
      <label className="users-switch">
        <input
          type="checkbox"
          role="switch"
          checked={user[field]}
          disabled={own || busy}
          aria-describedby={own ? ownHintId : undefined}
          onChange={() => update.mutate({ userId: user._id, change: { [field]: !user[field] } })}
        />
        <span className="visually-hidden">
          {t(field === 'verified' ? 'admin.verifiedFor' : 'admin.vipFor', { who })}
        </span>
      </label>
    );
  };

  return (
    <>
      <p className="muted users-count">{t('admin.count', { count: rows.length })}</p>
      <p id={ownHintId} className="muted users-own-hint">
        {t('admin.ownRowHint')}
      </p>
      {update.isError ? (
        <p role="alert" className="account-error">
          {errorText(t, update.error)}
        </p>
      ) : null}
      <div className="users-table-wrap">
        {/* Explicit roles: below 760 px the rows become cards through CSS `display`, which makes
            some browsers drop the table semantics. */}
        <table className="users-table" role="table">
          <caption className="visually-hidden">{t('admin.caption')}</caption>
          <thead role="rowgroup">
            <tr role="row">
              <th scope="col" role="columnheader">
                {t('admin.id')}
              </th>
              <th scope="col" role="columnheader">
                {t('admin.name')}
              </th>
              {sortHeader('email', t('admin.email'))}
              {sortHeader('mobile_no', t('admin.mobile'))}
              <th scope="col" role="columnheader">
                {t('admin.idImages')}
              </th>
              <th scope="col" role="columnheader">
                {t('admin.verified')}
              </th>
              <th scope="col" role="columnheader">
                {t('admin.vip')}
              </th>
            </tr>
          </thead>
          <tbody role="rowgroup">
            {rows.map((user) => (
              <tr key={user._id} role="row" className={user._id === me ? 'is-own' : undefined}>
                <td role="cell" data-label={t('admin.id')}>
                  <code className="users-id">{user._id}</code>
                </td>
                <td role="cell" data-label={t('admin.name')}>
                  {fullName(user)}
                </td>
                <td role="cell" data-label={t('admin.email')} className="users-email">
                  {user.email}
                </td>
                <td role="cell" data-label={t('admin.mobile')} dir="ltr" className="users-mobile">
                  {user.mobile_no ? formatPhone(user.mobile_no) : null}
                </td>
                <td role="cell" data-label={t('admin.idImages')}>
                  {user.id_images.length > 0 ? (
                    <button
                      type="button"
                      className="button button-secondary button-small"
                      onClick={() => setViewing(user)}
                    >
                      {t('admin.viewImages', { count: user.id_images.length })}
                      <span className="visually-hidden">{` ${t('admin.ofUser', { who: user.email ?? fullName(user) })}`}</span>
                    </button>
                  ) : (
                    <span className="muted">{t('admin.noId')}</span>
                  )}
                </td>
                <td role="cell" data-label={t('admin.verified')}>
                  {flag(user, 'verified')}
                </td>
                <td role="cell" data-label={t('admin.vip')}>
                  {flag(user, 'vip')}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </div>
      <IdImagesModal user={viewing} name={viewing ? fullName(viewing) : ''} onClose={() => setViewing(null)} />
    </>
  );
}
