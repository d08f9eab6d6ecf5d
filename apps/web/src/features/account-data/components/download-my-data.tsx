import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/more-messages';
import { AccountDataPaths } from '@rentdrive/contracts/account-data';
import { buttonClasses } from '../../../components/ui/button';

/**
 * Settings → 'Download my data' (issue 28): a plain link to GET /api/account/export, which the server
 * streams as an attachment — the browser saves it however large, without the page holding it.
 */
export function DownloadMyData() {
  const { t } = useLingui();
  return (
    <div className="grid gap-3">
      <p className="text-sm text-slate-600">
        <Trans>
          One JSON file with your account, vehicles and their photos' addresses, rentals, reviews you wrote and received, wallet
          transactions, notifications and chat messages.
        </Trans>
      </p>
      <div>
        <a href={AccountDataPaths.export} download className={buttonClasses('secondary')} aria-label={t`Download my data (JSON file)`}>
          <Trans>Download my data</Trans>
        </a>
      </div>
    </div>
  );
}
