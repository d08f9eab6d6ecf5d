import { useLingui } from '@lingui/react/macro';
import { LoadingText } from '../../components/ui/loading-text';

/** What a guarded screen shows while the session is still loading (guards never decide early). */
export function SessionLoading() {
  const { t } = useLingui();
  return (
    <main className="mx-auto max-w-7xl px-4 py-16">
      <LoadingText text={t`Loading session...`} />
    </main>
  );
}
