import "~/styles/search.css";
import { useId } from "react";
import {
  SEARCH_TYPE_LABELS,
  SEARCH_TYPES,
  type SearchFilters,
  SORT_CHOICES,
  SORT_LABELS,
  TIME_PERIOD_CHOICES,
  TIME_PERIOD_LABELS,
} from "~/lib/search-options";

/**
 * The dropdown's advanced-filter panel (spec, Home): Search In, Time Period, Sort By and the Fuzzy match
 * toggle (off by default). Each change is applied to the next lookup and to 'Show all results'.
 */
export function SearchFiltersPanel({
  id,
  filters,
  onChange,
  hidden,
}: {
  id: string;
  filters: SearchFilters;
  onChange: (filters: SearchFilters) => void;
  hidden?: boolean;
}) {
  const prefix = useId();
  const set = <K extends keyof SearchFilters>(key: K, value: SearchFilters[K]) => onChange({ ...filters, [key]: value });
  return (
    <fieldset id={id} className="search-filters" hidden={hidden}>
      <legend className="visually-hidden">Search options</legend>
      <label htmlFor={`${prefix}-type`}>
        <span>Search In</span>
        <select
          id={`${prefix}-type`}
          value={filters.type}
          onChange={(e) => set("type", e.target.value as SearchFilters["type"])}
        >
          {SEARCH_TYPES.map((t) => (
            <option key={t} value={t}>
              {SEARCH_TYPE_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${prefix}-period`}>
        <span>Time Period</span>
        <select
          id={`${prefix}-period`}
          value={filters.timePeriod}
          onChange={(e) => set("timePeriod", e.target.value as SearchFilters["timePeriod"])}
        >
          {TIME_PERIOD_CHOICES.map((t) => (
            <option key={t} value={t}>
              {TIME_PERIOD_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${prefix}-sort`}>
        <span>Sort By</span>
        <select
          id={`${prefix}-sort`}
          value={filters.sort}
          onChange={(e) => set("sort", e.target.value as SearchFilters["sort"])}
        >
          {SORT_CHOICES.map((t) => (
            <option key={t} value={t}>
              {SORT_LABELS[t]}
            </option>
          ))}
        </select>
      </label>
      <label htmlFor={`${prefix}-fuzzy`} className="search-filters__check">
        <input
          id={`${prefix}-fuzzy`}
          type="checkbox"
          checked={filters.fuzzy}
          onChange={(e) => set("fuzzy", e.target.checked)}
        />
        <span>Fuzzy match</span>
      </label>
    </fieldset>
  );
}
