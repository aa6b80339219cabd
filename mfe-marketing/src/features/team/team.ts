export interface TeamMember {
  name: string;
  role: string;
  bio: string;
}

export interface TeamGroup {
  id: string;
  title: string;
  lead: string;
  members: readonly TeamMember[];
}

/** The people on the team page: leadership, engineering, partnerships, advisors. */
export const TEAM: readonly TeamGroup[] = [
  {
    id: 'leadership',
    title: 'Leadership',
    lead: 'Setting the course for same-day delivery across Texas.',
    members: [
      {
        name: 'Maya Okafor',
        role: 'Co-founder & Chief Executive Officer',
        bio: 'Ran store operations for a national retailer before starting CurbRun to end the wait at the pickup counter.',
      },
      {
        name: 'Daniel Reyes',
        role: 'Co-founder & Chief Operating Officer',
        bio: 'Built last-mile logistics networks in Houston and Dallas; now runs our drivers, robots and hubs.',
      },
      {
        name: 'Priya Raman',
        role: 'Chief Financial Officer',
        bio: 'Keeps delivery fair for customers and sustainable for partners, from pricing to payouts.',
      },
    ],
  },
  {
    id: 'engineering',
    title: 'Engineering',
    lead: 'The people behind tracking, checkout and our robot fleet.',
    members: [
      {
        name: 'Sam Whitaker',
        role: 'VP of Engineering',
        bio: 'Leads the teams building live tracking, the customer apps and the retailer API.',
      },
      {
        name: 'Lena Kovacs',
        role: 'Head of Robotics',
        bio: 'Designs how our curbside robots find your parking spot and keep your order locked until your PIN.',
      },
      {
        name: 'Marcus Bell',
        role: 'Head of Platform',
        bio: 'Keeps every delivery flowing with an API that retailers integrate in about five minutes.',
      },
    ],
  },
  {
    id: 'partnerships',
    title: 'Partnerships',
    lead: 'Working with retailers and fleets so more orders reach more people.',
    members: [
      {
        name: 'Aisha Grant',
        role: 'Head of Retail Partnerships',
        bio: 'Brings department stores, fashion, sportswear, shoe and beauty retailers to our 250+ partner network.',
      },
      {
        name: 'Tom Nguyen',
        role: 'Fleet Partnerships Lead',
        bio: 'Works with delivery fleets so same-day home delivery holds up on the busiest days.',
      },
    ],
  },
  {
    id: 'advisors',
    title: 'Advisors',
    lead: 'Experience we lean on.',
    members: [
      {
        name: 'Dr. Elena Park',
        role: 'Advisor, Autonomous Systems',
        bio: 'Researches safe robot navigation among people and cars in busy parking lots.',
      },
      {
        name: 'Robert Hale',
        role: 'Advisor, Retail Operations',
        bio: 'Spent thirty years running stores; helps us fit into how store teams really work.',
      },
    ],
  },
];

/** Avatar initials: first letters of the first and last word of the name. */
export function initialsOf(name: string): string {
  const words = name
    .replace(/^Dr\.\s+/, '')
    .split(/\s+/)
    .filter(Boolean);
  const first = words[0]?.[0] ?? '';
  const last = words.length > 1 ? (words[words.length - 1]?.[0] ?? '') : '';
  return `${first}${last}`.toUpperCase();
}
