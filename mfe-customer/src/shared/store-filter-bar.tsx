import { RETAILER_CATEGORIES } from 'shared-contracts/retailers';
import { METRO_AREAS } from 'shared-contracts/stores';
import { Field, Input, media, Select } from 'shared-ui';
import styled from 'styled-components';
import type { StoreFilters } from './store-filters';

const Bar = styled.div`
  display: grid;
  gap: 12px;
  grid-template-columns: 1fr;
  ${media.md} {
    grid-template-columns: 2fr 1fr 1fr;
  }
`;

/** Search text, category and metro area; the results update as one types (no submit). */
export function StoreFilterBar({
  filters,
  onChange,
}: {
  filters: StoreFilters;
  onChange: (filters: StoreFilters) => void;
}) {
  return (
    <Bar role="search">
      <Field label="Search retailers or stores">
        {(ids) => (
          <Input
            {...ids}
            type="search"
            value={filters.query}
            placeholder="Nike, NorthPark, Austin…"
            onChange={(event) => onChange({ ...filters, query: event.target.value })}
          />
        )}
      </Field>
      <Field label="Category">
        {(ids) => (
          <Select
            {...ids}
            value={filters.category}
            onChange={(event) =>
              onChange({ ...filters, category: event.target.value as StoreFilters['category'] })
            }
          >
            <option value="">All categories</option>
            {RETAILER_CATEGORIES.map((category) => (
              <option key={category} value={category}>
                {category}
              </option>
            ))}
          </Select>
        )}
      </Field>
      <Field label="Metro area">
        {(ids) => (
          <Select
            {...ids}
            value={filters.metroArea}
            onChange={(event) =>
              onChange({ ...filters, metroArea: event.target.value as StoreFilters['metroArea'] })
            }
          >
            <option value="">All areas</option>
            {METRO_AREAS.map((area) => (
              <option key={area} value={area}>
                {area}
              </option>
            ))}
          </Select>
        )}
      </Field>
    </Bar>
  );
}
