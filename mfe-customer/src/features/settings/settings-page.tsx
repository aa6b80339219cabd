import { useEffect } from 'react';
import { RequireAuth, useSignedInQuery } from 'shared-auth';
import { errorMessage } from 'shared-client';
import { Card, Lead, Notice, Page, PageTitle, Skeleton, Stack, usePageMeta } from 'shared-ui';
import { useLocation } from 'shared-ui/router';
import { AddressesSection } from './addresses-section';
import { accountProfileQueryOptions } from './api';
import { DeleteAccountSection } from './delete-account-section';
import { EmailSection } from './email-section';
import { NotificationsSection } from './notifications-section';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';

/**
 * `/settings` (signed-in only): profile, email, addresses, notifications, password and
 * account deletion. Each section has an id, so /settings#email (where re-authentication returns)
 * lands on it.
 */
export function SettingsPage() {
  usePageMeta('Settings', 'Your profile, addresses and notifications.');
  return (
    <RequireAuth>
      <Settings />
    </RequireAuth>
  );
}

function Settings() {
  const profile = useSignedInQuery(accountProfileQueryOptions());
  const { hash } = useLocation();

  useEffect(() => {
    if (!hash || !profile.data) return;
    document.getElementById(hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [hash, profile.data]);

  return (
    <Page>
      <PageTitle>Settings</PageTitle>
      <Lead>Your profile, addresses and notifications.</Lead>
      {profile.isPending ? (
        <Stack $gap={16} aria-busy="true">
          <Skeleton $height="160px" />
          <Skeleton $height="160px" />
        </Stack>
      ) : profile.isError ? (
        <Notice tone="danger" role="alert" title="We could not load your settings">
          {errorMessage(profile.error, 'Please check your connection and try again.')}
        </Notice>
      ) : (
        <Stack $gap={24}>
          <Card id="profile" aria-labelledby="profile-heading">
            <ProfileSection profile={profile.data} />
          </Card>
          <Card id="email" aria-labelledby="email-heading">
            <EmailSection profile={profile.data} />
          </Card>
          <Card id="addresses" aria-labelledby="addresses-heading">
            <AddressesSection />
          </Card>
          <Card id="notifications" aria-labelledby="notifications-heading">
            <NotificationsSection />
          </Card>
          <Card id="password" aria-labelledby="password-heading">
            <PasswordSection />
          </Card>
          <Card id="sessions" aria-labelledby="sessions-heading">
            <SessionsSection />
          </Card>
          <Card id="delete-account" aria-labelledby="delete-account-heading">
            <DeleteAccountSection />
          </Card>
        </Stack>
      )}
    </Page>
  );
}
