import { Container } from 'shared-ui';
import styled from 'styled-components';
import { HeaderAccount } from './header-account';
import { Logo } from './logo';

const Bar = styled.header`
  position: fixed;
  inset: 0 0 auto 0;
  z-index: 800;
  /* Fixed, exactly 82 px high (docs/product.md, "Site frame"). */
  height: ${({ theme }) => theme.headerHeight}px;
  background: ${({ theme }) => theme.colors.surface};
  border-bottom: 1px solid ${({ theme }) => theme.colors.border};
`;

const Inner = styled(Container)`
  height: 100%;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: 12px;
`;

export function Header() {
  return (
    <Bar data-testid="site-header">
      <Inner>
        <Logo />
        <HeaderAccount />
      </Inner>
    </Bar>
  );
}
