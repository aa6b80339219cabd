import type { Retailer, RetailerCategory } from 'shared-contracts/retailers';
import { serviceWeekday } from 'shared-contracts/service-time';
import type { MetroArea, OpeningHours, Store, Weekday } from 'shared-contracts/stores';

export interface StoreFilters {
  query: string;
  category: RetailerCategory | '';
  metroArea: MetroArea | '';
}

export const NO_FILTERS: StoreFilters = { query: '', category: '', metroArea: '' };

function normalise(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[’']/g, '');
}

function storeMatchesQuery(store: Store, query: string): boolean {
  const haystack = normalise(
    `${store.name} ${store.retailer.name} ${store.addressLine} ${store.city} ${store.zip} ${store.metroArea}`,
  );
  return normalise(query)
    .split(/\s+/)
    .filter(Boolean)
    .every((word) => haystack.includes(word));
}

export interface RetailerWithStores {
  retailer: Retailer;
  stores: Store[];
}

/**
 * Retailers with their stores that match the search text (retailer, store, street, city or ZIP),
 * the category and the metro area. Retailers without a matching store are left out.
 */
export function filterCatalog(
  retailers: readonly Retailer[],
  stores: readonly Store[],
  filters: StoreFilters,
): RetailerWithStores[] {
  return retailers
    .filter((retailer) => !filters.category || retailer.categories.includes(filters.category))
    .map((retailer) => ({
      retailer,
      stores: stores.filter(
        (store) =>
          store.retailer.id === retailer.id &&
          (!filters.metroArea || store.metroArea === filters.metroArea) &&
          (!filters.query.trim() || storeMatchesQuery(store, filters.query)),
      ),
    }))
    .filter((entry) => entry.stores.length > 0);
}

const WEEKDAYS: Weekday[] = [
  'sunday',
  'monday',
  'tuesday',
  'wednesday',
  'thursday',
  'friday',
  'saturday',
];

function to12h(time: string): string {
  const [hours = '0', minutes = '00'] = time.split(':');
  const hour = Number(hours);
  const suffix = hour >= 12 ? 'PM' : 'AM';
  const twelve = hour % 12 === 0 ? 12 : hour % 12;
  return minutes === '00' ? `${twelve} ${suffix}` : `${twelve}:${minutes} ${suffix}`;
}

/** "Open today 10 AM – 9 PM" (Texas time), or "Closed today". */
export function todaysHours(hours: readonly OpeningHours[], now = new Date()): string {
  const weekday = serviceWeekday(now) as Weekday;
  const today = hours.find(
    (entry) => entry.day === (WEEKDAYS.includes(weekday) ? weekday : 'monday'),
  );
  return today ? `Open today ${to12h(today.opens)} – ${to12h(today.closes)}` : 'Closed today';
}

export function servicesLabel(store: Pick<Store, 'services'>): string {
  const labels = store.services.map((service) =>
    service === 'curbside' ? 'Curbside' : 'Home delivery',
  );
  return labels.join(' · ');
}
