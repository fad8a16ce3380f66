// /admin/reports (D-29): reports of posts and users, open first, for admins; from each, hide the
// post, block the user (a blocked user cannot sign in and their posts leave the map) or close it.
// Guarded as /getUsers: others are told the page is for admins and ask the API for nothing.
// Above the reports, the deals on hold (D-34): a dispute freezes a deal until an admin settles it.
import { Ban, CircleCheck, EyeOff, Eye, RotateCcw } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Page } from '../../../components/page';
import { Spinner } from '../../../components/spinner';
import { ApiError } from '../../../lib/api-client';
import { errorText } from '../../../lib/api-errors';
import { useCurrentUser } from '../../../lib/current-user';
import { postTitleOf } from '../../../lib/post-title';
import { isSignedIn } from '../../../lib/session';
import { getLanguage } from '../../../lib/settings';
import { useAdminReports, useReportAction, type AdminReport, type ReportAction } from '../api/reports';
import { DisputedDeals } from './disputed-deals';
import { AdminsOnly } from './users-page';
import '../admin.css';
import { formatDateTime } from '../../../lib/date-time';

export function ReportsPage({ title }: { title: string }) {
  const signedIn = isSignedIn();
  const user = useCurrentUser();
  const isAdmin = signedIn && user?.admin === true;
  const reports = useAdminReports(isAdmin);
  const refused = reports.error instanceof ApiError && reports.error.status === 403;
  return (
    <Page title={title} wide={isAdmin && !refused}>
      {isAdmin && !refused ? (
        <>
          <DisputedDeals />
          <ReportList query={reports} />
        </>
      ) : (
        <AdminsOnly signedIn={signedIn} />
      )}
    </Page>
  );
}

function ReportList({ query }: { query: ReturnType<typeof useAdminReports> }) {
  const { t } = useTranslation();
  const action = useReportAction();
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
  if (query.data.length === 0) return <p className="card">{t('adminReports.none')}</p>;
  const run = (a: ReportAction) => action.mutate(a);
  const busy = (a: ReportAction) => action.isPending && JSON.stringify(action.variables) === JSON.stringify(a);
  return (
    <>
      {action.isError ? (
        <p className="notice notice-error" role="alert">
          {errorText(t, action.error)}
        </p>
      ) : null}
      <ul className="reports-list">
        {query.data.map((report) => (
          <li key={report._id}>
            <ReportCard report={report} run={run} busy={busy} />
          </li>
        ))}
      </ul>
    </>
  );
}

function ReportCard({
  report,
  run,
  busy,
}: {
  report: AdminReport;
  run: (a: ReportAction) => void;
  busy: (a: ReportAction) => boolean;
}) {
  const { t } = useTranslation();
  const language = getLanguage();
  const headingId = `report-${report._id}`;
  const post = report.solution;
  const person = report.user;
  const hide: ReportAction | null = post ? { kind: 'hide', solutionId: post._id, hidden: !post.hidden } : null;
  const block: ReportAction | null = person ? { kind: 'block', userId: person._id, blocked: !person.blocked } : null;
  const status: ReportAction = {
    kind: 'status',
    reportId: report._id,
    status: report.status === 'open' ? 'closed' : 'open',
  };
  return (
    <article className={`card report-card report-${report.status}`} aria-labelledby={headingId}>
      <h2 id={headingId} className="report-title">
        <span className={`report-status report-status-${report.status}`}>
          {t(`adminReports.status.${report.status}`)}
        </span>
        {t(`report.reasons.${report.reason}`, { defaultValue: report.reason })}
      </h2>
      <dl className="report-facts">
        <div>
          <dt>{t('adminReports.reported')}</dt>
          <dd>
            {post ? t('adminReports.postOf', { title: postTitleOf(post, language) }) : null}
            {post && person ? ' · ' : null}
            {person ? t('adminReports.user', { name: person.firstName }) : null}
          </dd>
        </div>
        <div>
          <dt>{t('adminReports.by')}</dt>
          <dd>{report.reporter.firstName}</dd>
        </div>
        <div>
          <dt>{t('adminReports.when')}</dt>
          <dd>{formatDateTime(report.created_at, language)}</dd>
        </div>
        {report.text ? (
          <div>
            <dt>{t('adminReports.text')}</dt>
            <dd className="report-text">{report.text}</dd>
          </div>
        ) : null}
        {post?.hidden ? (
          <div>
            <dt>{t('adminReports.postState')}</dt>
            <dd>{t('adminReports.hidden')}</dd>
          </div>
        ) : null}
        {person?.blocked ? (
          <div>
            <dt>{t('adminReports.userState')}</dt>
            <dd>{t('adminReports.blocked')}</dd>
          </div>
        ) : null}
      </dl>
      <div className="report-actions">
        {post && hide ? (
          <button
            type="button"
            className={post.hidden ? 'button button-secondary button-small' : 'button button-danger button-small'}
            disabled={busy(hide)}
            aria-busy={busy(hide)}
            onClick={() => run(hide)}
          >
            {post.hidden ? <Eye aria-hidden="true" size={16} /> : <EyeOff aria-hidden="true" size={16} />}
            {t(post.hidden ? 'adminReports.showPost' : 'adminReports.hidePost', {
              title: postTitleOf(post, language),
            })}
          </button>
        ) : null}
        {person && block ? (
          <button
            type="button"
            className={person.blocked ? 'button button-secondary button-small' : 'button button-danger button-small'}
            disabled={busy(block)}
            aria-busy={busy(block)}
            onClick={() => run(block)}
          >
            {person.blocked ? <RotateCcw aria-hidden="true" size={16} /> : <Ban aria-hidden="true" size={16} />}
            {t(person.blocked ? 'adminReports.unblockUser' : 'adminReports.blockUser', { name: person.firstName })}
          </button>
        ) : null}
        <button
          type="button"
          className="button button-secondary button-small"
          disabled={busy(status)}
          aria-busy={busy(status)}
          onClick={() => run(status)}
        >
          <CircleCheck aria-hidden="true" size={16} />
          {t(report.status === 'open' ? 'adminReports.close' : 'adminReports.reopen')}
        </button>
      </div>
    </article>
  );
}
