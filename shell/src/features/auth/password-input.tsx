import { type ComponentPropsWithRef, useState } from 'react';
import { Input } from 'shared-ui';
import styled from 'styled-components';

const Wrap = styled.div`
  position: relative;
  display: flex;
  align-items: center;
  input { padding-right: 76px; }
`;

const Toggle = styled.button`
  position: absolute;
  right: 4px;
  min-height: 36px;
  min-width: 64px;
  padding: 4px 10px;
  border: 0;
  border-radius: ${({ theme }) => theme.radii.sm};
  background: transparent;
  color: ${({ theme }) => theme.colors.primary};
  font-weight: 700;
  cursor: pointer;
  &:hover { background: ${({ theme }) => theme.colors.primarySoft}; }
`;

export type PasswordInputProps = Omit<ComponentPropsWithRef<'input'>, 'type'> & {
  $invalid?: boolean;
};

/** A password input with a Show/Hide button; the button says what it will do. */
export function PasswordInput(props: PasswordInputProps) {
  const [visible, setVisible] = useState(false);
  return (
    <Wrap>
      <Input {...props} type={visible ? 'text' : 'password'} />
      <Toggle
        type="button"
        aria-pressed={visible}
        aria-label={visible ? 'Hide password' : 'Show password'}
        onClick={() => setVisible((shown) => !shown)}
      >
        {visible ? 'Hide' : 'Show'}
      </Toggle>
    </Wrap>
  );
}
