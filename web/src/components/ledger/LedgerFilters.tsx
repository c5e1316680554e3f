// The ledger's search and filter card. Controlled by the page (whose state is the URL); the
// search box keeps its own draft and reports it after a pause in typing.
import { Search } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { FilterOption } from '#core/api-types';
import { LEDGER_QUERY_LIMITS } from '#core/constants';
import { LEDGER_DATE_OPTIONS, LEDGER_SORT_OPTIONS } from '#core/tools';
import { Card, CardContent } from '../ui/Card';
import { Input } from '../ui/Input';
import { Label } from '../ui/Label';
import { Select, type SelectOption } from '../ui/Select';
import type { LedgerFilterPatch, LedgerView } from './ledgerView';
import { useDebouncedCallback } from './useDebouncedCallback';

/** Typing pause before the search is sent. */
export const SEARCH_DEBOUNCE_MS = 300;

const asOptions = (values: readonly string[]): SelectOption[] => values.map((value) => ({ value, label: value }));
const DATE_OPTIONS: SelectOption[] = LEDGER_DATE_OPTIONS.map(({ value, label }) => ({ value, label }));
const SORT_OPTIONS: SelectOption[] = LEDGER_SORT_OPTIONS.map(({ value, label }) => ({ value, label }));

/** The server's list, plus the chosen value if a shared link names a tool the list lacks. */
function toolSelectOptions(toolOptions: readonly string[], chosen: string): SelectOption[] {
  const names = chosen && !toolOptions.includes(chosen) ? [chosen, ...toolOptions] : toolOptions;
  return asOptions(names);
}

/**
 * The values present in the ledger with their counts, 'portrait (3)', so no choice is a dead end
 * (decision 0021); plus the chosen value if a shared link names one the ledger no longer has.
 */
function countedSelectOptions(options: readonly FilterOption[], chosen: string): SelectOption[] {
  const listed = options.map(({ value, count }) => ({ value, label: `${value} (${count})` }));
  return chosen && !options.some((o) => o.value === chosen) ? [{ value: chosen, label: chosen }, ...listed] : listed;
}

export interface LedgerFiltersProps {
  view: LedgerView;
  /** Tool names from the last ledger response (decision 0011). */
  toolOptions: readonly string[];
  /** Platforms and tags present in the ledger, with counts, from the last ledger response. */
  platformOptions: readonly FilterOption[];
  tagOptions: readonly FilterOption[];
  onChange: (patch: LedgerFilterPatch) => void;
}

export function LedgerFilters({ view, toolOptions, platformOptions, tagOptions, onChange }: LedgerFiltersProps) {
  const id = useId();
  const [draft, setDraft] = useState(view.search);
  const [sendSearch, cancelSearch] = useDebouncedCallback((search: string) => onChange({ search }), SEARCH_DEBOUNCE_MS);

  // The URL changed: our own debounced search coming back (nothing to do), or Clear Filters /
  // the back button (show the new text and drop any search still waiting to be sent).
  const draftRef = useRef(draft);
  useEffect(() => {
    if (draftRef.current.trim() === view.search.trim()) return;
    cancelSearch();
    draftRef.current = view.search;
    setDraft(view.search);
  }, [view.search, cancelSearch]);

  return (
    <Card role="search" aria-label="Search and filter submissions">
      <CardContent className="grid grid-cols-2 gap-4 pt-6 lg:grid-cols-3">
        <div className="col-span-2 grid gap-2 lg:col-span-3">
          <Label htmlFor={`${id}-search`}>Search</Label>
          <div className="relative">
            <Search
              aria-hidden="true"
              className="pointer-events-none absolute left-3 top-1/2 h-4 w-4 -translate-y-1/2 text-muted-foreground"
            />
            <Input
              id={`${id}-search`}
              type="search"
              className="pl-9"
              placeholder="Search by title, artist, tag, prompt or registry ID"
              value={draft}
              maxLength={LEDGER_QUERY_LIMITS.search}
              onChange={(event) => {
                draftRef.current = event.target.value;
                setDraft(event.target.value);
                sendSearch(event.target.value);
              }}
            />
          </div>
        </div>
        <FilterSelect
          id={`${id}-tool`}
          label="Tool"
          placeholder="All Tools"
          options={toolSelectOptions(toolOptions, view.tool)}
          value={view.tool}
          onChange={(tool) => onChange({ tool })}
        />
        <FilterSelect
          id={`${id}-platform`}
          label="Platform"
          placeholder="All Platforms"
          options={countedSelectOptions(platformOptions, view.platform)}
          value={view.platform}
          onChange={(platform) => onChange({ platform })}
        />
        <FilterSelect
          id={`${id}-tag`}
          label="Tag"
          placeholder="All Tags"
          options={countedSelectOptions(tagOptions, view.tag)}
          value={view.tag}
          onChange={(tag) => onChange({ tag })}
        />
        <FilterSelect
          id={`${id}-date`}
          label="Date"
          placeholder="All Time"
          options={DATE_OPTIONS}
          value={view.date}
          onChange={(date) => onChange({ date: date as LedgerView['date'] })}
        />
        <FilterSelect
          id={`${id}-sort`}
          label="Sort by"
          options={SORT_OPTIONS}
          value={view.sort}
          onChange={(sort) => onChange({ sort: sort as LedgerView['sort'] })}
        />
      </CardContent>
    </Card>
  );
}

function FilterSelect({
  id,
  label,
  placeholder,
  options,
  value,
  onChange,
}: {
  id: string;
  label: string;
  placeholder?: string;
  options: readonly SelectOption[];
  value: string;
  onChange: (value: string) => void;
}) {
  return (
    <div className="grid gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select id={id} placeholder={placeholder} options={options} value={value} onChange={(event) => onChange(event.target.value)} />
    </div>
  );
}
