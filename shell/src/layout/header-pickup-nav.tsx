import { ButtonLink, media } from 'shared-ui';
import {
  DropdownMenu,
  DropdownMenuContent,
  DropdownMenuItem,
  DropdownMenuTrigger,
} from 'shared-ui/overlays';
import { Link } from 'shared-ui/router';
import styled from 'styled-components';

/** The signed-in header buttons, in the order of docs/product.md, "Site frame". */
export const PICKUP_LINKS = [
  { to: '/schedule-pickup', label: 'Schedule a Pickup' },
  { to: '/curbside-pickup', label: 'Curbside Pickup' },
  { to: '/pickup-history', label: 'Pickup History' },
] as const;

// Wide screens show the three buttons; narrower ones fold them into one menu so the 82 px header
// never wraps or overflows (down to 320 px).
const Wide = styled.div`
  display: none;
  ${media.lg} {
    display: flex;
    align-items: center;
    gap: 4px;
  }
`;

const Narrow = styled.div`
  display: flex;
  ${media.lg} {
    display: none;
  }
`;

const MenuButton = styled.button`
  display: inline-flex;
  align-items: center;
  gap: 6px;
  min-height: 44px;
  padding: 8px 12px;
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.md};
  background: ${({ theme }) => theme.colors.surface};
  color: ${({ theme }) => theme.colors.text};
  font-weight: 700;
  cursor: pointer;
  &[data-state='open'] {
    background: ${({ theme }) => theme.colors.primarySoft};
  }
`;

function MenuIcon() {
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" aria-hidden="true" focusable="false">
      <path d="M3 6h18M3 12h18M3 18h18" stroke="currentColor" strokeWidth="2" fill="none" />
    </svg>
  );
}

export function HeaderPickupNav() {
  return (
    <>
      <Wide>
        {PICKUP_LINKS.map((link) => (
          <ButtonLink key={link.to} to={link.to} variant="ghost" size="sm">
            {link.label}
          </ButtonLink>
        ))}
      </Wide>
      <Narrow>
        <DropdownMenu modal={false}>
          <DropdownMenuTrigger asChild>
            <MenuButton type="button" aria-label="Pickups menu">
              <MenuIcon />
              <span>Menu</span>
            </MenuButton>
          </DropdownMenuTrigger>
          <DropdownMenuContent align="end" sideOffset={8}>
            {PICKUP_LINKS.map((link) => (
              <DropdownMenuItem key={link.to} asChild>
                <Link to={link.to}>{link.label}</Link>
              </DropdownMenuItem>
            ))}
          </DropdownMenuContent>
        </DropdownMenu>
      </Narrow>
    </>
  );
}
