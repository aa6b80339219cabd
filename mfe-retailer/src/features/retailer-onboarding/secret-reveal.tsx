import { CopyButton, Notice } from 'shared-ui';
import styled from 'styled-components';

const SecretRow = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: 8px;
  margin-top: 8px;
  code {
    font-family: ${({ theme }) => theme.fonts.mono};
    background: ${({ theme }) => theme.colors.surface};
    border: 1px solid ${({ theme }) => theme.colors.border};
    border-radius: ${({ theme }) => theme.radii.sm};
    padding: 6px 8px;
    overflow-wrap: anywhere;
    min-width: 0;
    flex: 1 1 240px;
  }
`;

export interface RevealedSecret {
  label: string;
  value: string;
}

/**
 * Secrets the server returns once (new keys, a webhook signing secret). Only hashes are kept, so
 * the page says plainly that this is the only chance to copy them.
 */
export function SecretReveal({
  title,
  secrets,
  children,
}: {
  title: string;
  secrets: RevealedSecret[];
  children?: React.ReactNode;
}) {
  return (
    <Notice tone="warning" title={title} role="status">
      <p style={{ margin: '4px 0' }}>
        Copy {secrets.length > 1 ? 'them' : 'it'} now and keep {secrets.length > 1 ? 'them' : 'it'}{' '}
        secret: {secrets.length > 1 ? 'they are' : 'it is'} shown only once.
      </p>
      {secrets.map((secret) => (
        <SecretRow key={secret.label}>
          <strong>{secret.label}</strong>
          <code data-testid={`secret-${secret.label.toLowerCase().replace(/\W+/g, '-')}`}>
            {secret.value}
          </code>
          <CopyButton
            text={secret.value}
            label="Copy"
            accessibleLabel={`Copy the ${secret.label}`}
          />
        </SecretRow>
      ))}
      {children}
    </Notice>
  );
}
