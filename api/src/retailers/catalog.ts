import type { RetailerCategory } from 'shared-contracts/retailers';

export interface PartnerRetailer {
  id: string;
  name: string;
  categories: RetailerCategory[];
  url: string;
  brandColor: string;
}

/**
 * The 13 partner retailers of the home page strip (docs/product.md, "Marketing pages and
 * support"): department and fashion
 * stores, sportswear brands, a shoe retailer and a beauty retailer, in strip order.
 */
export const PARTNER_RETAILERS: readonly PartnerRetailer[] = [
  {
    id: 'macys',
    name: "Macy's",
    categories: ['Fashion', 'Accessories', 'Shoes', 'Beauty'],
    url: 'https://www.macys.com/',
    brandColor: '#e21a2c',
  },
  {
    id: 'nordstrom',
    name: 'Nordstrom',
    categories: ['Fashion', 'Accessories', 'Shoes', 'Beauty'],
    url: 'https://www.nordstrom.com/',
    brandColor: '#1a1a1a',
  },
  {
    id: 'dillards',
    name: "Dillard's",
    categories: ['Fashion', 'Accessories', 'Shoes', 'Cosmetics'],
    url: 'https://www.dillards.com/',
    brandColor: '#231f20',
  },
  {
    id: 'jcpenney',
    name: 'JCPenney',
    categories: ['Fashion', 'Accessories', 'Shoes', 'Beauty'],
    url: 'https://www.jcpenney.com/',
    brandColor: '#d7282f',
  },
  {
    id: 'kohls',
    name: "Kohl's",
    categories: ['Fashion', 'Athletics', 'Shoes', 'Beauty'],
    url: 'https://www.kohls.com/',
    brandColor: '#82164e',
  },
  {
    id: 'hm',
    name: 'H&M',
    categories: ['Fashion', 'Accessories'],
    url: 'https://www2.hm.com/en_us/index.html',
    brandColor: '#e50010',
  },
  {
    id: 'zara',
    name: 'Zara',
    categories: ['Fashion', 'Accessories', 'Shoes'],
    url: 'https://www.zara.com/us/',
    brandColor: '#000000',
  },
  {
    id: 'nike',
    name: 'Nike',
    categories: ['Athletics', 'Shoes'],
    url: 'https://www.nike.com/',
    brandColor: '#111111',
  },
  {
    id: 'adidas',
    name: 'Adidas',
    categories: ['Athletics', 'Shoes', 'Fashion'],
    url: 'https://www.adidas.com/us',
    brandColor: '#000000',
  },
  {
    id: 'under-armour',
    name: 'Under Armour',
    categories: ['Athletics', 'Shoes', 'Accessories'],
    url: 'https://www.underarmour.com/en-us/',
    brandColor: '#1d1d1d',
  },
  {
    id: 'puma',
    name: 'Puma',
    categories: ['Athletics', 'Shoes'],
    url: 'https://us.puma.com/',
    brandColor: '#ba2026',
  },
  {
    id: 'foot-locker',
    name: 'Foot Locker',
    categories: ['Shoes', 'Athletics'],
    url: 'https://www.footlocker.com/',
    brandColor: '#c8102e',
  },
  {
    id: 'sephora',
    name: 'Sephora',
    categories: ['Beauty', 'Cosmetics'],
    url: 'https://www.sephora.com/',
    brandColor: '#000000',
  },
];

export function retailerLogoPath(id: string): string {
  return `/api/retailers/${encodeURIComponent(id)}/logo.svg`;
}
