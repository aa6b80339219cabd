import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { errorMessage } from 'shared-client';
import {
  NOTIFICATION_EVENT_INFO,
  NOTIFICATION_EVENTS,
  type NotificationPreferences,
  SETTINGS_MESSAGES,
  updateNotificationPreferencesSchema,
} from 'shared-contracts/settings';
import {
  Button,
  Muted,
  Notice,
  Skeleton,
  Stack,
  TextField,
  toast,
  VisuallyHidden,
} from 'shared-ui';
import styled from 'styled-components';
import { notificationPreferencesQueryOptions, useSavePreferencesMutation } from './api';

const Table = styled.table`
  width: 100%;
  border-collapse: collapse;
  th,
  td {
    text-align: left;
    padding: 10px 8px;
    border-bottom: 1px solid ${({ theme }) => theme.colors.border};
    vertical-align: top;
  }
  td:not(:first-child),
  th:not(:first-child) {
    text-align: center;
    width: 72px;
  }
  input[type='checkbox'] {
    width: 22px;
    height: 22px;
  }
`;

/** Email and SMS per kind of event, and the mobile number texts go to. */
export function NotificationsSection() {
  const saved = useQuery(notificationPreferencesQueryOptions());
  const save = useSavePreferencesMutation();
  const [draft, setDraft] = useState<NotificationPreferences | null>(null);
  const [mobileError, setMobileError] = useState<string | undefined>();

  useEffect(() => {
    if (saved.data) setDraft(saved.data);
  }, [saved.data]);

  if (saved.isPending || !draft) {
    return (
      <Stack $gap={12}>
        <h2 id="notifications-heading">Notifications</h2>
        {saved.isError ? (
          <Notice tone="danger" role="alert">
            {errorMessage(saved.error, 'We could not load your notification preferences.')}
          </Notice>
        ) : (
          <Skeleton $height="160px" />
        )}
      </Stack>
    );
  }

  const onSave = () => {
    const body = { mobileNumber: draft.mobileNumber ?? '', events: draft.events };
    const parsed = updateNotificationPreferencesSchema.safeParse(body);
    if (!parsed.success) {
      setMobileError(parsed.error.issues[0]?.message);
      return;
    }
    setMobileError(undefined);
    save.mutate(body, {
      onSuccess: () => toast({ title: SETTINGS_MESSAGES.saved, variant: 'success' }),
      onError: (error) =>
        setMobileError(errorMessage(error, 'Your preferences could not be saved.')),
    });
  };

  return (
    <Stack $gap={16}>
      <h2 id="notifications-heading">Notifications</h2>
      <Muted>
        Security emails (verification, password and email changes) and your curbside PIN are always
        sent.
      </Muted>
      <Table>
        <caption>
          <VisuallyHidden>Which messages you get, by email and by text</VisuallyHidden>
        </caption>
        <thead>
          <tr>
            <th scope="col">Messages about</th>
            <th scope="col">Email</th>
            <th scope="col">SMS</th>
          </tr>
        </thead>
        <tbody>
          {NOTIFICATION_EVENTS.map((event) => (
            <tr key={event}>
              <th scope="row">
                {NOTIFICATION_EVENT_INFO[event].label}
                <br />
                <Muted>{NOTIFICATION_EVENT_INFO[event].description}</Muted>
              </th>
              {(['email', 'sms'] as const).map((channel) => (
                <td key={channel}>
                  <input
                    type="checkbox"
                    aria-label={`${NOTIFICATION_EVENT_INFO[event].label} by ${channel === 'email' ? 'email' : 'SMS'}`}
                    checked={draft.events[event][channel]}
                    onChange={(change) =>
                      setDraft({
                        ...draft,
                        events: {
                          ...draft.events,
                          [event]: { ...draft.events[event], [channel]: change.target.checked },
                        },
                      })
                    }
                  />
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Table>
      <TextField
        label="Mobile number for text messages"
        type="tel"
        autoComplete="tel"
        value={draft.mobileNumber ?? ''}
        onChange={(event) => setDraft({ ...draft, mobileNumber: event.target.value })}
        error={mobileError}
      />
      <div>
        <Button onClick={onSave} loading={save.isPending} loadingLabel="Saving…">
          Save notification preferences
        </Button>
      </div>
    </Stack>
  );
}
