import { useQuery } from '@tanstack/react-query';
import { useEffect, useMemo, useRef, useState } from 'react';
import { ORDER_MESSAGES } from 'shared-contracts/order-pickups';
import { Button, Notice, Skeleton, Stack } from 'shared-ui';
import { useNavigate, useSearchParams } from 'shared-ui/router';
import { retailersQueryOptions, storesQueryOptions } from '../../shared/catalog-api';
import { ChoiceCard, ChoiceGroup, FieldError } from '../../shared/choice-card';
import { stepPath } from '../../shared/schedule-steps';
import { StoreFilterBar } from '../../shared/store-filter-bar';
import { filterCatalog, NO_FILTERS, servicesLabel, todaysHours } from '../../shared/store-filters';
import { useDraft } from './draft-context';
import { StepActions, StepLayout } from './step-layout';

/**
 * Step 1: the retailer and the store holding the order. Search, category and metro filters;
 * `?store=<id>` (from /store-selection) preselects a store.
 */
export function StoreDetailsStep() {
  const { draft, update } = useDraft();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const stores = useQuery(storesQueryOptions());
  const retailers = useQuery(retailersQueryOptions());
  const [filters, setFilters] = useState(NO_FILTERS);
  const [showErrors, setShowErrors] = useState(false);
  const retailerId = draft.storeDetails?.retailerId;
  const storeId = draft.storeDetails?.storeId;

  const choose = (next: { retailerId?: string; storeId?: string }) =>
    update((current) => {
      const sameStore = next.storeId === current.storeDetails?.storeId;
      // Another store may not offer the delivery chosen before, and prices differ: choose again.
      return sameStore ? { storeDetails: next } : { storeDetails: next, delivery: undefined };
    });

  // Preselect from /store-selection once the stores are known, then drop the parameter.
  const preselect = params.get('store');
  const applied = useRef(false);
  useEffect(() => {
    if (!preselect || applied.current || !stores.data) return;
    applied.current = true;
    const store = stores.data.find((item) => item.id === preselect);
    if (store) choose({ retailerId: store.retailer.id, storeId: store.id });
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('store');
        return next;
      },
      { replace: true },
    );
  });

  const catalog = useMemo(
    () =>
      stores.data && retailers.data ? filterCatalog(retailers.data, stores.data, filters) : [],
    [stores.data, retailers.data, filters],
  );
  const chosenRetailer = catalog.find((entry) => entry.retailer.id === retailerId);
  const chosenStore = stores.data?.find((store) => store.id === storeId);

  const errors = {
    retailer: retailerId ? undefined : ORDER_MESSAGES.retailerRequired,
    store: storeId ? undefined : ORDER_MESSAGES.storeRequired,
  };

  const next = () => {
    if (errors.retailer || errors.store) {
      setShowErrors(true);
      return;
    }
    navigate(stepPath('order-details'));
  };

  const loading = stores.isPending || retailers.isPending;
  const failed = stores.isError || retailers.isError;

  return (
    <StepLayout
      title="Store Details"
      description="Which store is holding your order? Choose the retailer, then the store."
    >
      <StoreFilterBar filters={filters} onChange={setFilters} />
      {failed ? (
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
      {loading ? (
        <Stack $gap={10} role="status" aria-label="Loading stores">
          <Skeleton $height="60px" />
          <Skeleton $height="60px" />
          <Skeleton $height="60px" />
        </Stack>
      ) : null}
      {!loading && !failed && catalog.length === 0 ? (
        <Notice title="No stores match your search">
          <Stack $gap={8}>
            <span>Try another name, category or area.</span>
            <Button variant="secondary" size="sm" onClick={() => setFilters(NO_FILTERS)}>
              Clear filters
            </Button>
          </Stack>
        </Notice>
      ) : null}
      {catalog.length > 0 ? (
        <ChoiceGroup $columns={3}>
          <legend>Retailer</legend>
          {catalog.map(({ retailer, stores: matching }) => (
            <ChoiceCard
              key={retailer.id}
              name="retailer"
              value={retailer.id}
              checked={retailerId === retailer.id}
              onChange={() =>
                choose({
                  retailerId: retailer.id,
                  // A retailer with a single matching store: that is the store.
                  storeId: matching.length === 1 ? matching[0]?.id : undefined,
                })
              }
              title={retailer.name}
              description={`${retailer.categories.join(', ')} · ${matching.length} ${matching.length === 1 ? 'store' : 'stores'}`}
            />
          ))}
          {showErrors && errors.retailer ? (
            <FieldError role="alert">{errors.retailer}</FieldError>
          ) : null}
        </ChoiceGroup>
      ) : null}
      {retailerId && !chosenRetailer && chosenStore ? (
        <Notice>
          Your chosen store, {chosenStore.name}, is hidden by the filters.{' '}
          <Button variant="ghost" size="sm" onClick={() => setFilters(NO_FILTERS)}>
            Show it
          </Button>
        </Notice>
      ) : null}
      {chosenRetailer ? (
        <ChoiceGroup $columns={2}>
          <legend>{chosenRetailer.retailer.name} store</legend>
          {chosenRetailer.stores.map((store) => (
            <ChoiceCard
              key={store.id}
              name="store"
              value={store.id}
              checked={storeId === store.id}
              onChange={() => choose({ retailerId: store.retailer.id, storeId: store.id })}
              title={store.name}
              description={`${store.addressLine}, ${store.city} · ${servicesLabel(store)} · ${todaysHours(store.hours)}`}
            />
          ))}
          {showErrors && errors.store ? <FieldError role="alert">{errors.store}</FieldError> : null}
        </ChoiceGroup>
      ) : null}
      <StepActions onNext={next} />
    </StepLayout>
  );
}
