import { queryOptions, useQuery } from '@tanstack/react-query';
import { Fragment } from 'react';
import { ApiError, fetchJson } from 'shared-client';
import { outboxListSchema } from 'shared-contracts/notifications';
import { Card, Lead, Loading, Muted, Notice, Page, PageTitle, Stack, usePageMeta } from 'shared-ui';
import styled from 'styled-components';

const outboxQueryOptions = () =>
  queryOptions({
    queryKey: ['dev', 'outbox'] as const,
    queryFn: async ({ signal }) =>
      outboxListSchema.parse(await fetchJson<unknown>('/api/dev/outbox', 'default', signal)),
    // Developers watch this page while a flow sends mail; keep it current without a reload.
    refetchInterval: 3000,
    staleTime: 0,
  });

const Text = styled.pre`
  white-space: pre-wrap;
  overflow-wrap: anywhere;
  font-family: ${({ theme }) => theme.fonts.body};
  margin: 8px 0 0;
`;

const Meta = styled.p`
  margin: 0;
  display: flex;
  flex-wrap: wrap;
  gap: 4px 16px;
  font-size: 0.875rem;
`;

const URL_PATTERN = /(https?:\/\/[^\s]+)/g;

/** Message text with its links clickable (verification links are what developers come here for). */
function Linkified({ text }: { text: string }) {
  return (
    <Text>
      {text.split(URL_PATTERN).map((part, index) =>
        index % 2 === 1 ? (
          <a key={`${index}-${part}`} href={part}>
            {part}
          </a>
        ) : (
          <Fragment key={`${index}-${part}`}>{part}</Fragment>
        ),
      )}
    </Text>
  );
}

/** `/dev/outbox`: notifications the server kept instead of sending. */
export function DevOutboxPage() {
  usePageMeta('Development outbox', 'Emails and text messages kept by the development server.');
  const outbox = useQuery(outboxQueryOptions());

  return (
    <Page>
      <PageTitle>Development outbox</PageTitle>
      <Lead>
        With no email or SMS provider configured, the server keeps every notification here instead
        of sending it. Newest first; the list refreshes by itself.
      </Lead>
      {outbox.isPending ? <Loading label="Loading messages…" /> : null}
      {outbox.isError ? (
        <Notice tone="warning" role="alert" title="The development outbox is not available">
          {outbox.error instanceof ApiError && outbox.error.status === 404
            ? 'It is switched off on this server (production mode).'
            : outbox.error.message}
        </Notice>
      ) : null}
      {outbox.data && outbox.data.length === 0 ? (
        <Notice title="No messages yet">
          Register an account or start a curbside pickup to see one.
        </Notice>
      ) : null}
      <Stack as="ol" $gap={12} style={{ listStyle: 'none', padding: 0 }} aria-label="Messages">
        {outbox.data?.map((message) => (
          <li key={message.id}>
            <Card
              as="article"
              aria-label={message.subject ?? `${message.channel} to ${message.to}`}
            >
              <Meta>
                <strong>{message.channel === 'sms' ? 'SMS' : 'Email'}</strong>
                <span>To: {message.to}</span>
                <Muted>
                  <time dateTime={message.createdAt}>
                    {new Date(message.createdAt).toLocaleString()}
                  </time>
                </Muted>
              </Meta>
              {message.subject ? (
                <h2 style={{ fontSize: '1.125rem', margin: '8px 0 0' }}>{message.subject}</h2>
              ) : null}
              <Linkified text={message.text} />
            </Card>
          </li>
        ))}
      </Stack>
    </Page>
  );
}
