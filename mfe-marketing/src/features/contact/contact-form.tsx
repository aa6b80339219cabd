import { useMutation } from '@tanstack/react-query';
import { type FormEvent, useEffect, useRef, useState } from 'react';
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
import { Button, Field, Notice, Select, Stack, Textarea, TextField } from 'shared-ui';
import styled from 'styled-components';
import { sendContactMessage } from './api';

type FieldName = keyof ContactFormValues;
type Draft = Record<FieldName, string>;
type Errors = Partial<Record<FieldName, string>>;

const FIELD_ORDER: FieldName[] = ['name', 'email', 'topic', 'message'];

export function isSupportTopic(value: string | null): value is SupportTopic {
  return value !== null && (SUPPORT_TOPICS as readonly string[]).includes(value);
}

/** The first message of each field, from the same zod schema the server validates with. */
function validate(draft: Draft): { values?: ContactFormValues; errors: Errors } {
  const result = contactFormSchema.safeParse(draft);
  if (result.success) return { values: result.data, errors: {} };
  const errors: Errors = {};
  for (const issue of result.error.issues) {
    const field = issue.path[0] as FieldName | undefined;
    if (field && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

const Confirmation = styled.div`
  h2 { font-size: 1.4rem; }
  p { color: ${({ theme }) => theme.colors.muted}; }
`;

const Counter = styled.span`
  font-size: 0.875rem;
`;

/**
 * The /contact form: name, email, topic and message, validated with the shared schema as the
 * person types (after a first attempt) and again by the server; a confirmation replaces it once
 * support has the message.
 */
export function ContactForm({ initialTopic }: { initialTopic?: SupportTopic }) {
  const { status, user } = useAuth();
  const signedIn = status === 'authenticated';
  const empty: Draft = { name: '', email: '', topic: initialTopic ?? '', message: '' };
  const [draft, setDraft] = useState<Draft>(empty);
  const [errors, setErrors] = useState<Errors>({});
  const [attempted, setAttempted] = useState(false);
  const [sent, setSent] = useState<{ name: string; result: CreateSupportMessageResponse } | null>(
    null,
  );
  const formRef = useRef<HTMLFormElement>(null);
  const confirmationRef = useRef<HTMLHeadingElement>(null);

  // Signed in: start from the account's name and email (still editable).
  useEffect(() => {
    if (!user) return;
    const name = `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim();
    setDraft((current) => ({
      ...current,
      name: current.name || name,
      email: current.email || user.email,
    }));
  }, [user]);

  const send = useMutation({
    mutationFn: (values: ContactFormValues) => sendContactMessage(values, signedIn),
    onSuccess: (result, values) => {
      setSent({ name: values.name, result });
      setDraft(empty);
      setAttempted(false);
    },
  });

  useEffect(() => {
    if (sent) confirmationRef.current?.focus();
  }, [sent]);

  function update(field: FieldName, value: string) {
    const next = { ...draft, [field]: value };
    setDraft(next);
    if (attempted) setErrors(validate(next).errors);
  }

  function submit(event: FormEvent) {
    event.preventDefault();
    setAttempted(true);
    const { values, errors: found } = validate(draft);
    setErrors(found);
    if (!values) {
      // Take the person to the first thing to fix.
      const first = FIELD_ORDER.find((field) => found[field]);
      formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`)?.focus();
      return;
    }
    send.mutate(values);
  }

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
    <form ref={formRef} onSubmit={submit} noValidate aria-label="Contact form">
      <Stack $gap={18}>
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          maxLength={SUPPORT_NAME_MAX_LENGTH}
          value={draft.name}
          onChange={(event) => update('name', event.target.value)}
          error={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          inputMode="email"
          value={draft.email}
          onChange={(event) => update('email', event.target.value)}
          error={errors.email}
          hint="We reply to this address."
        />
        <Field label="Topic" error={errors.topic}>
          {(ids) => (
            <Select
              {...ids}
              name="topic"
              value={draft.topic}
              onChange={(event) => update('topic', event.target.value)}
              $invalid={Boolean(errors.topic)}
            >
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
          error={errors.message}
          hint={
            <Counter>
              {draft.message.length} / {SUPPORT_MESSAGE_MAX_LENGTH} characters
            </Counter>
          }
        >
          {(ids) => (
            <Textarea
              {...ids}
              name="message"
              rows={6}
              maxLength={SUPPORT_MESSAGE_MAX_LENGTH}
              value={draft.message}
              onChange={(event) => update('message', event.target.value)}
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
