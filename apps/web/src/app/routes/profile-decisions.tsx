import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { MyDecisions } from '../../features/moderation/components/my-decisions';
import { DocumentTitle } from '../../lib/document-title';

/** Moderation decisions about the signed-in person's listings or account (issue 28). */
export default function Screen() {
  const { t } = useLingui();
  return (
    <section className="flex flex-col gap-4">
      <DocumentTitle screen={t`Moderation decisions`} />
      <h1 className="text-2xl font-bold text-slate-900">
        <Trans>Moderation decisions</Trans>
      </h1>
      <MyDecisions />
    </section>
  );
}
