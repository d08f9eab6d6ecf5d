import { useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { PageHeading } from '../../components/ui/page-heading';
import { MailPreferencesForm } from '../../features/account/components/mail-preferences-form';
import { PasswordForm } from '../../features/account/components/password-form';
import { ProfileDetailsForm } from '../../features/account/components/profile-details-form';
import { SettingsCard } from '../../features/account/components/settings-card';
import { DeleteMyAccount } from '../../features/account-data/components/delete-my-account';
import { DownloadMyData } from '../../features/account-data/components/download-my-data';
import { DocumentTitle } from '../../lib/document-title';

export default function ProfileSettingsScreen() {
  const { t } = useLingui();
  return (
    <main>
      <DocumentTitle screen={t`Settings`} />
      <PageHeading size="compact" subtitle={t`My Profile`} title={t`Settings`} />
      <div className="grid gap-6">
        <SettingsCard id="settings-profile" title={t`Profile details`} description={t`Your username, email and phone number.`}>
          <ProfileDetailsForm />
        </SettingsCard>
        <SettingsCard
          id="settings-password"
          title={t`Change password`}
          description={t`You stay signed in on this device; other sessions are signed out.`}
        >
          <PasswordForm />
        </SettingsCard>
        <SettingsCard id="settings-notifications" title={t`Notifications`} description={t`Which e-mails you receive from us.`}>
          <MailPreferencesForm />
        </SettingsCard>
        <SettingsCard id="settings-data" title={t`Your data`} description={t`Take a copy of everything your account holds.`}>
          <DownloadMyData />
        </SettingsCard>
        <SettingsCard id="settings-delete" title={t`Delete my account`} description={t`Erase your account for good.`}>
          <DeleteMyAccount />
        </SettingsCard>
      </div>
    </main>
  );
}
