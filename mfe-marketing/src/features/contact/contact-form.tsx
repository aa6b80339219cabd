import { zodResolver } from '@hookform/resolvers/zod';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useAuth } from 'shared-auth';
import { errorMessage } from 'shared-client';
import {
  type ContactFormValues,
  type CreateSupportMessageResponse,
  contactFormSchema,
  SUPPORT_MESSAGE_MAX_LENGTH,
  SUPPORT_NAME_MAX_LENGTH,
  SUPPORT_TOPIC_LABELS,
  SUPPORT_TOPICS,
  type SupportTopic,
} from 'shared-contracts/support';
import {
  Button,
  Field,
  Notice,
  Select,
  Stack,
  Textarea,
  TextField,
  useSubmitOnce,
} from 'shared-ui';
import styled from 'styled-components';
import { sendContactMessage } from './api';

/** What the fields hold: text, the topic still '' until one is chosen. */
type Draft = Record<keyof ContactFormValues, string>;

// The fields hold text ('' until a topic is chosen); the schema narrows it to a topic.
const contactResolver = zodResolver(contactFormSchema) as unknown as Resolver<
  Draft,
  unknown,
  ContactFormValues
>;

export function isSupportTopic(value: string | null): value is SupportTopic {
  return value !== null && (SUPPORT_TOPICS as readonly string[]).includes(value);
}

const Confirmation = styled.div`
  h2 { font-size: 1.5rem; }
  p { color: ${({ theme }) => theme.colors.muted}; }
`;

const Counter = styled.span`
  font-size: 0.875rem;
`;

/**
 * The /contact form: name, email, topic and message, validated with the shared schema on submit,
 * then as the person corrects them, and again by the server; a confirmation replaces it once
 * support has the message.
 */
export function ContactForm({ initialTopic }: { initialTopic?: SupportTopic }) {
  const { status, user } = useAuth();
  const signedIn = status === 'authenticated';
  const empty: Draft = { name: '', email: '', topic: initialTopic ?? '', message: '' };
  const form = useForm<Draft, unknown, ContactFormValues>({
    resolver: contactResolver,
    defaultValues: empty,
    mode: 'onSubmit',
    reValidateMode: 'onChange',
  });
  const { errors } = form.formState;
  const [sent, setSent] = useState<{ name: string; result: CreateSupportMessageResponse } | null>(
    null,
  );
  const confirmationRef = useRef<HTMLHeadingElement>(null);

  // Signed in: start from the account's name and email (still editable).
  useEffect(() => {
    if (!user) return;
    const name = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim();
    if (!form.getValues('name')) form.setValue('name', name);
    if (!form.getValues('email')) form.setValue('email', user.email);
  }, [user, form]);

  const send = useMutation({
    mutationFn: (values: ContactFormValues) => sendContactMessage(values, signedIn),
    onSuccess: (result, values) => {
      setSent({ name: values.name, result });
      // Back to an untouched form: the next one is checked on its first submit again.
      form.reset(empty);
    },
  });

  useEffect(() => {
    if (sent) confirmationRef.current?.focus();
  }, [sent]);

  const submit = useSubmitOnce(
    form.handleSubmit(async (values) => {
      try {
        await send.mutateAsync(values);
      } catch {
        // Shown below the fields (send.error); what was typed stays.
      }
    }),
  );

  const messageLength = form.watch('message').length;

  if (sent) {
    return (
      <Confirmation role="status">
        <h2 ref={confirmationRef} tabIndex={-1}>
          Thanks, {sent.name}! Your message has been sent.
        </h2>
        {sent.result.reply ? <p>{sent.result.reply.body}</p> : null}
        <p>
          Reference: <strong>{sent.result.sent.id.slice(0, 8).toUpperCase()}</strong>
        </p>
        <Button
          variant="secondary"
          onClick={() => {
            setSent(null);
            send.reset();
          }}
        >
          Send another message
        </Button>
      </Confirmation>
    );
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Contact form">
      <Stack $gap={18}>
        <TextField
          label="Name"
          autoComplete="name"
          maxLength={SUPPORT_NAME_MAX_LENGTH}
          {...form.register('name')}
          error={errors.name?.message}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          {...form.register('email')}
          error={errors.email?.message}
          hint="We reply to this address."
        />
        <Field label="Topic" error={errors.topic?.message}>
          {(ids) => (
            <Select {...ids} {...form.register('topic')} $invalid={Boolean(errors.topic)}>
              <option value="" disabled>
                Choose a topic
              </option>
              {SUPPORT_TOPICS.map((topic) => (
                <option key={topic} value={topic}>
                  {SUPPORT_TOPIC_LABELS[topic]}
                </option>
              ))}
            </Select>
          )}
        </Field>
        <Field
          label="Message"
          error={errors.message?.message}
          hint={
            <Counter>
              {messageLength} / {SUPPORT_MESSAGE_MAX_LENGTH} characters
            </Counter>
          }
        >
          {(ids) => (
            <Textarea
              {...ids}
              rows={6}
              maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
              {...form.register('message')}
              $invalid={Boolean(errors.message)}
            />
          )}
        </Field>
        {send.isError ? (
          <Notice tone="danger" role="alert" title="Your message could not be sent">
            {errorMessage(send.error)}
          </Notice>
        ) : null}
        <div>
          <Button type="submit" loading={send.isPending} loadingLabel="Sending…" size="lg">
            Send message
          </Button>
        </div>
      </Stack>
    </form>
  );
}
