import { useDocumentTitle } from '../../lib/use-document-title';
import { PageHeading } from '../../components/ui/page-heading';
import { PasswordForm } from '../../features/account/components/password-form';
import { ProfileDetailsForm } from '../../features/account/components/profile-details-form';
import { SettingsCard } from '../../features/account/components/settings-card';

export default function ProfileSettingsScreen() {
  useDocumentTitle('Settings');
  return (
    <main>
      <PageHeading size="compact" subtitle="My Profile" title="Settings" />
      <div className="grid gap-6">
        <SettingsCard id="settings-profile" title="Profile details" description="Your username, email and phone number.">
          <ProfileDetailsForm />
        </SettingsCard>
        <SettingsCard
          id="settings-password"
          title="Change password"
          description="You stay signed in on this device; other sessions are signed out."
        >
          <PasswordForm />
        </SettingsCard>
      </div>
    </main>
  );
}
