import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Icon, type IconName } from './icon';

const Card = styled.article`
  background: ${({ theme }) => theme.colors.surface};
  border: 1px solid ${({ theme }) => theme.colors.border};
  border-radius: ${({ theme }) => theme.radii.lg};
  box-shadow: ${({ theme }) => theme.shadows.card};
  padding: 24px;
  height: 100%;
  h3 { font-size: 1.125rem; margin: 14px 0 8px; }
  p { margin: 0; color: ${({ theme }) => theme.colors.muted}; }
`;

const IconBadge = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 48px;
  height: 48px;
  border-radius: 12px;
  background: ${({ theme }) => theme.colors.primarySoft};
  color: ${({ theme }) => theme.colors.primary};
`;

export interface Feature {
  icon: IconName;
  title: string;
  text: ReactNode;
}

export function FeatureCard({ icon, title, text }: Feature) {
  return (
    <Card>
      <IconBadge>
        <Icon name={icon} />
      </IconBadge>
      <h3>{title}</h3>
      <p>{text}</p>
    </Card>
  );
}

const GAP = 16;

/*
 * As many columns as fit (each at least $min wide, one column on a phone), but never more than
 * $max, so six cards make two rows of three rather than a row of four and a half-empty row.
 */
const List = styled.ul<{ $min: number; $max: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${GAP}px;
  grid-template-columns: repeat(
    auto-fit,
    minmax(
      min(100%, max(${({ $min }) => $min}px, calc((100% - ${({ $max }) => ($max - 1) * GAP}px) / ${({ $max }) => $max}))),
      1fr
    )
  );
`;

/** Cards in a responsive grid (one column at 320 px, more as the screen grows). */
export function FeatureGrid({
  features,
  min = 240,
}: {
  features: readonly Feature[];
  min?: number;
}) {
  const max = features.length % 3 === 0 ? 3 : Math.min(4, features.length);
  return (
    <List $min={min} $max={max}>
      {features.map((feature) => (
        <li key={feature.title}>
          <FeatureCard {...feature} />
        </li>
      ))}
    </List>
  );
}
