import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { RETAILER_CATEGORIES, type RetailerCategory } from 'shared-contracts/retailers';
import { METRO_AREAS, type MetroArea } from 'shared-contracts/stores';
import {
  Button,
  ButtonLink,
  Card,
  Grid,
  Lead,
  Muted,
  Notice,
  Page,
  PageTitle,
  Skeleton,
  Stack,
  usePageMeta,
  VisuallyHidden,
} from 'shared-ui';
import { useSearchParams } from 'shared-ui/router';
import styled from 'styled-components';
import { retailersQueryOptions, storesQueryOptions } from '../../shared/catalog-api';
import { StoreFilterBar } from '../../shared/store-filter-bar';
import {
  filterCatalog,
  NO_FILTERS,
  type StoreFilters,
  servicesLabel,
  todaysHours,
} from '../../shared/store-filters';

const RetailerHeader = styled.div`
  display: flex;
  align-items: center;
  gap: 12px;
  img {
    width: 96px;
    height: 40px;
    object-fit: contain;
  }
  h2 {
    font-size: 1.25rem;
    margin: 0;
  }
`;

const StoreList = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: flex;
  flex-direction: column;
  gap: 14px;
  li {
    display: flex;
    flex-direction: column;
    gap: 6px;
    padding-top: 12px;
    border-top: 1px solid ${({ theme }) => theme.colors.border};
  }
  h3 {
    font-size: 1rem;
    margin: 0;
  }
`;

const Count = styled.p`
  margin: 16px 0;
  font-weight: 700;
`;

/** Filters live in the URL (`?q=&category=&metro=`), so a filtered list can be shared. */
function filtersFrom(params: URLSearchParams): StoreFilters {
  const category = params.get('category') ?? '';
  const metro = params.get('metro') ?? '';
  return {
    query: params.get('q') ?? '',
    category: (RETAILER_CATEGORIES as readonly string[]).includes(category)
      ? (category as RetailerCategory)
      : '',
    metroArea: (METRO_AREAS as readonly string[]).includes(metro) ? (metro as MetroArea) : '',
  };
}

/**
 * `/store-selection`: browse partner retailers and their stores by category and metro area;
 * choosing a store starts the pickup flow with it (signing in first if needed).
 */
export function StoreSelectionPage() {
  usePageMeta('Choose a Store', 'Browse partner retailers and stores near you.');
  const [params, setParams] = useSearchParams();
  const filters = filtersFrom(params);
  const stores = useQuery(storesQueryOptions());
  const retailers = useQuery(retailersQueryOptions());

  const setFilters = (next: StoreFilters) => {
    const updated = new URLSearchParams();
    if (next.query) updated.set('q', next.query);
    if (next.category) updated.set('category', next.category);
    if (next.metroArea) updated.set('metro', next.metroArea);
    setParams(updated, { replace: true });
  };

  const catalog = useMemo(
    () =>
      stores.data && retailers.data ? filterCatalog(retailers.data, stores.data, filters) : [],
    [stores.data, retailers.data, filters],
  );
  const storeCount = catalog.reduce((sum, entry) => sum + entry.stores.length, 0);
  const loading = stores.isPending || retailers.isPending;

  return (
    <Page>
      <PageTitle>Choose a Store</PageTitle>
      <Lead>
        Browse our partner retailers in Dallas–Fort Worth, Houston and Austin, then schedule a
        curbside pickup or home delivery from the store holding your order.
      </Lead>
      <Stack $gap={8}>
        <StoreFilterBar filters={filters} onChange={setFilters} />
        {loading ? (
          <Grid $min={300} role="status" aria-label="Loading stores">
            <Skeleton $height="220px" />
            <Skeleton $height="220px" />
            <Skeleton $height="220px" />
          </Grid>
        ) : null}
        {stores.isError || retailers.isError ? (
          <Notice tone="danger" role="alert" title="We couldn't load the stores">
            <Stack $gap={8}>
              <span>Please check your connection and try again.</span>
              <Button
                variant="secondary"
                size="sm"
                onClick={() => {
                  void stores.refetch();
                  void retailers.refetch();
                }}
              >
                Try again
              </Button>
            </Stack>
          </Notice>
        ) : null}
        {!loading && stores.data && retailers.data ? (
          <Count role="status" aria-live="polite">
            {storeCount === 0
              ? 'No stores match your search.'
              : `${storeCount} ${storeCount === 1 ? 'store' : 'stores'} from ${catalog.length} ${
                  catalog.length === 1 ? 'retailer' : 'retailers'
                }`}
          </Count>
        ) : null}
        {!loading && storeCount === 0 && stores.data ? (
          <Button variant="secondary" onClick={() => setFilters(NO_FILTERS)}>
            Clear filters
          </Button>
        ) : null}
        <Grid $min={300} $gap={20}>
          {catalog.map(({ retailer, stores: list }) => (
            <Card key={retailer.id} aria-labelledby={`retailer-${retailer.id}`}>
              <Stack $gap={12}>
                <RetailerHeader>
                  <img src={retailer.image} alt="" loading="lazy" />
                  <h2 id={`retailer-${retailer.id}`}>{retailer.name}</h2>
                </RetailerHeader>
                <Muted>{retailer.categories.join(' · ')}</Muted>
                <StoreList>
                  {list.map((store) => (
                    <li key={store.id}>
                      <h3>{store.name}</h3>
                      <span>
                        {store.addressLine}, {store.city}, {store.state} {store.zip}
                      </span>
                      <Muted>
                        {servicesLabel(store)} · {todaysHours(store.hours)}
                      </Muted>
                      <div>
                        <ButtonLink
                          size="sm"
                          to={`/schedule-pickup/store-details?store=${encodeURIComponent(store.id)}`}
                        >
                          Schedule a pickup here
                          <VisuallyHidden> at {store.name}</VisuallyHidden>
                        </ButtonLink>
                      </div>
                    </li>
                  ))}
                </StoreList>
              </Stack>
            </Card>
          ))}
        </Grid>
      </Stack>
    </Page>
  );
}
