import { Container, media, SITE_NAME, useServerHtml, VisuallyHidden } from 'shared-ui';
import { Link } from 'shared-ui/router';
import styled from 'styled-components';

/** The footer's name as a part of the page left unhydrated. */
const FOOTER = 'footer';

const Bar = styled.footer`
  background: ${({ theme }) => theme.colors.dark};
  color: #e4e7ec;
  padding: 40px 0 24px;
  margin-top: auto;
  a { color: #ffffff; }
`;

const Columns = styled.div`
  display: grid;
  gap: 28px;
  grid-template-columns: 1fr;
  ${media.sm} { grid-template-columns: repeat(2, 1fr); }
  ${media.lg} { grid-template-columns: 1.4fr repeat(3, 1fr); }
`;

const Heading = styled.h2`
  font-size: 0.875rem;
  text-transform: uppercase;
  letter-spacing: 0.06em;
  color: #ffffff;
  margin-bottom: 12px;
`;

const List = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: 4px;
  a, span { display: inline-block; padding: 6px 0; text-decoration: none; }
  a:hover { text-decoration: underline; }
`;

const Socials = styled.ul`
  list-style: none;
  display: flex;
  gap: 10px;
  padding: 0;
  margin: 16px 0 0;
  a {
    display: inline-flex;
    align-items: center;
    justify-content: center;
    width: 44px;
    height: 44px;
    border-radius: 50%;
    background: rgba(255, 255, 255, 0.1);
  }
  a:hover { background: rgba(255, 255, 255, 0.2); }
`;

const Bottom = styled.div`
  margin-top: 32px;
  padding-top: 20px;
  border-top: 1px solid rgba(255, 255, 255, 0.15);
  display: flex;
  flex-wrap: wrap;
  gap: 12px 24px;
  justify-content: space-between;
  font-size: 0.875rem;
`;

const Legal = styled.ul`
  list-style: none;
  display: flex;
  flex-wrap: wrap;
  gap: 8px 20px;
  margin: 0;
  padding: 0;
`;

/** The footer's links, in the order of docs/product.md, "Site frame". */
export const FOOTER_LINKS = [
  { to: '/platform-services', label: 'Platform Services' },
  { to: '/delivery-info', label: 'Deliveries & Partners' },
  { to: '/help-center', label: 'Help Center' },
  { to: '/about-us', label: 'About Us' },
  { to: '/how-it-works', label: 'How It Works' },
  { to: '/team', label: 'Our Team' },
  { to: '/landing', label: 'Retailer API' },
  { to: '/robot-leasing', label: 'Robot Leasing' },
] as const;

const SOCIAL_LINKS = [
  {
    href: 'https://x.com/curbrun',
    label: `${SITE_NAME} on X`,
    path: 'M4 4l16 16M20 4L4 20',
  },
  {
    href: 'https://www.linkedin.com/company/curbrun',
    label: `${SITE_NAME} on LinkedIn`,
    path: 'M6 9v10M6 5v.01M10 19v-6a3 3 0 0 1 6 0v6M10 9v10',
  },
  {
    href: 'https://www.instagram.com/curbrun',
    label: `${SITE_NAME} on Instagram`,
    path: 'M7 4h10a3 3 0 0 1 3 3v10a3 3 0 0 1-3 3H7a3 3 0 0 1-3-3V7a3 3 0 0 1 3-3zM12 9a3 3 0 1 0 0 6 3 3 0 0 0 0-6zM17 7v.01',
  },
] as const;

/**
 * The site's footer. A server-rendered page keeps it as the server sent it, unhydrated
 * (shared-ui's `useServerHtml`); its links then are plain HTML, and a click on one still goes through
 * the router. Where the footer is rendered here, its router links handle their own clicks.
 */
export function Footer() {
  return <Bar {...useServerHtml(FOOTER, <FooterContent />)} />;
}

function FooterContent() {
  const year = new Date().getFullYear();
  const [company, customers, business] = [
    FOOTER_LINKS.slice(3, 6),
    FOOTER_LINKS.slice(0, 3),
    FOOTER_LINKS.slice(6),
  ];
  return (
    <Container>
      <Columns>
        <div>
          <Heading as="p">{SITE_NAME}</Heading>
          <p>
            Same-day curbside and home delivery of your in-store pickup orders, by drivers and
            autonomous robots, across Dallas–Fort Worth, Houston and Austin.
          </p>
          <Socials aria-label="Social media">
            {SOCIAL_LINKS.map((social) => (
              <li key={social.href}>
                <a href={social.href} target="_blank" rel="noopener noreferrer">
                  <VisuallyHidden>{social.label}</VisuallyHidden>
                  <svg
                    width="20"
                    height="20"
                    viewBox="0 0 24 24"
                    aria-hidden="true"
                    focusable="false"
                  >
                    <path
                      d={social.path}
                      fill="none"
                      stroke="currentColor"
                      strokeWidth="2"
                      strokeLinecap="round"
                    />
                  </svg>
                </a>
              </li>
            ))}
          </Socials>
        </div>
        {[
          { id: 'footer-services', title: 'Services', links: customers },
          { id: 'footer-company', title: 'Company', links: company },
          { id: 'footer-business', title: 'For Business', links: business },
        ].map((group) => (
          <nav key={group.id} aria-labelledby={group.id}>
            <Heading id={group.id}>{group.title}</Heading>
            <List>
              {group.links.map((link) => (
                <li key={link.to}>
                  <Link to={link.to}>{link.label}</Link>
                </li>
              ))}
            </List>
          </nav>
        ))}
      </Columns>
      <Bottom>
        <p>
          © {year} {SITE_NAME}. All rights reserved.
        </p>
        {/* These three are labels, not links (docs/product.md, "Site frame"). */}
        <Legal aria-label="Legal">
          <li>Terms &amp; Conditions</li>
          <li>Privacy Policy</li>
          <li>Accessibility</li>
        </Legal>
      </Bottom>
    </Container>
  );
}
