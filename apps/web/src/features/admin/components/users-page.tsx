// /getUsers: SPEC shows it to anyone; D-11 keeps it for admins. Others see why, and a visitor's
// browser asks the API for nothing. D-18: admins also activate mobile-money subscriptions here.
import { LockKeyhole } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Page } from '../../../components/page';
import { ApiError } from '../../../lib/api-client';
import { useCurrentUser } from '../../../lib/current-user';
import { isSignedIn } from '../../../lib/session';
import { useAdminUsers } from '../api/admin-users';
import { MarkPaidForm } from './mark-paid-form';
import { UsersTable } from './users-table';
import '../admin.css';

export function UsersPage({ title }: { title: string }) {
  const { t } = useTranslation();
  const signedIn = isSignedIn();
  const user = useCurrentUser();
  const isAdmin = signedIn && user?.admin === true;
  const users = useAdminUsers(isAdmin);
  const refused = users.error instanceof ApiError && users.error.status === 403;

  return (
    <Page title={title} wide={isAdmin && !refused}>
      {isAdmin && user && !refused ? (
        <div className="account-stack">
          <UsersTable me={user._id} query={users} />
          {users.data ? <MarkPaidForm users={users.data} /> : null}
          <p>
            <Link to="/admin/reports">{t('adminReports.link')}</Link>
          </p>
        </div>
      ) : (
        <AdminsOnly signedIn={signedIn} />
      )}
    </Page>
  );
}

export function AdminsOnly({ signedIn }: { signedIn: boolean }) {
  const { t } = useTranslation();
  return (
    <div className="card admins-only">
      <LockKeyhole aria-hidden="true" size={40} className="admins-only-icon" />
      <p>{t('admin.adminsOnly')}</p>
      {signedIn ? (
        <Link to="/dashboard" className="button button-secondary">
          {t('admin.backToDashboard')}
        </Link>
      ) : (
        <Link to="/login" className="button button-primary">
          {t('admin.login')}
        </Link>
      )}
    </div>
  );
}
