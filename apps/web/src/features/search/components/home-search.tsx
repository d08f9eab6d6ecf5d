import { Trans, useLingui } from '@lingui/react/macro';
import '../../../i18n/home-messages';
import { useMemo, useState, type FormEvent } from 'react';
import { useNavigate } from 'react-router';
import { Button } from '../../../components/ui/button';
import { SelectField, TextField } from '../../../components/ui/form-fields';
import { fuelLabel as fuelLabelIn } from '../../../i18n/catalogues';
import { useActiveListings } from '../api/get-active-listings';
import { useSearchReferenceData } from '../api/get-reference-data';
import { homeSearchUrl, roundedListingCount } from '../lib/listing-params';

/**
 * Home: the banner ('Over N+ Active Listings', 'Find Your Next Ride') and three selects. Choosing
 * a type limits categories to it, narrows fuels to its availableFuels and clears the category.
 */
export function HomeSearch() {
  const { t, i18n } = useLingui();
  // Fuel names in the page's language from the first render, on the server too ('Benzin' in /de/):
  // they load with the language's catalogue, and English pages show the wire's names.
  const fuelLabel = (name: string) => fuelLabelIn(i18n, name);
  const navigate = useNavigate();
  const activeListings = useActiveListings();
  const { types, categories, fuels, isLoading, error } = useSearchReferenceData();
  const [typeId, setTypeId] = useState('');
  const [categoryId, setCategoryId] = useState('');
  const [fuelName, setFuelName] = useState('');
  // Optional days: the listing shows what is free then, and the vehicle opens with them selected.
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');

  const type = types.find((t) => String(t.id) === typeId);
  const categoryOptions = useMemo(
    () => categories.filter((c) => !type || c.vehicleTypeId === type.id).map((c) => ({ value: String(c.id), label: c.name })),
    [categories, type],
  );
  const fuelOptions = (type ? type.availableFuels : fuels).map((f) => ({ value: f.name, label: fuelLabel(f.name) }));

  function handleTypeChange(value: string) {
    setTypeId(value);
    setCategoryId('');
    const next = types.find((t) => String(t.id) === value);
    if (next && fuelName && !next.availableFuels.some((f) => f.name === fuelName)) setFuelName('');
  }

  function handleSubmit(event: FormEvent) {
    event.preventDefault();
    const category = categories.find((c) => String(c.id) === categoryId);
    // Fire and forget: the router shows the listing when the navigation settles; nothing here waits for it.
    void navigate(
      homeSearchUrl({
        type: type?.name,
        category: category?.name,
        fuel: fuelName || undefined,
        from: from || undefined,
        to: to || undefined,
      }),
    );
  }

  const count = activeListings.data;
  return (
    <section
      aria-labelledby="home-search-title"
      className="bg-gradient-to-b from-accent-50 to-white px-4 pb-12 pt-14 sm:px-6 md:pb-20 md:pt-24"
    >
      <div className="mx-auto max-w-5xl text-center">
        <p className="text-sm font-semibold uppercase tracking-wide text-accent-700" aria-live="polite">
          {count === undefined
            ? activeListings.isError
              ? t`Active Listings`
              : '\u00a0'
            : t`Over ${roundedListingCount(count)}+ Active Listings`}
        </p>
        <h1 id="home-search-title" className="mt-2 text-3xl font-bold tracking-tight text-slate-900 sm:text-[44px] sm:leading-tight">
          <Trans>Find Your Next Ride</Trans>
        </h1>
        <form
          onSubmit={handleSubmit}
          className="mt-8 grid gap-3 rounded-card border border-slate-200 bg-white p-4 text-left shadow-sm sm:grid-cols-2 lg:grid-cols-6 lg:items-end"
        >
          <SelectField
            label={t`Vehicle type`}
            value={typeId}
            onChange={(e) => handleTypeChange(e.target.value)}
            containerClassName="lg:col-span-2"
            placeholderOption={t`All Vehicle Types`}
            options={types.map((t) => ({ value: String(t.id), label: t.name }))}
            disabled={isLoading}
          />
          <SelectField
            label={t`Vehicle category`}
            value={categoryId}
            onChange={(e) => setCategoryId(e.target.value)}
            containerClassName="lg:col-span-2"
            placeholderOption={t`All Vehicle Categories`}
            options={categoryOptions}
            disabled={isLoading}
          />
          <SelectField
            label={t`Fuel type`}
            value={fuelName}
            onChange={(e) => setFuelName(e.target.value)}
            containerClassName="sm:col-span-2 lg:col-span-2"
            placeholderOption={t`All Fuel Types`}
            options={fuelOptions}
            disabled={isLoading}
          />
          <TextField
            label={t`Available from`}
            containerClassName="lg:col-span-2"
            type="date"
            value={from}
            max={to || undefined}
            onChange={(e) => setFrom(e.target.value)}
          />
          <TextField
            label={t`Available to`}
            containerClassName="lg:col-span-2"
            type="date"
            value={to}
            min={from || undefined}
            onChange={(e) => setTo(e.target.value)}
          />
          <Button type="submit" size="md" className="h-10 sm:col-span-2 lg:col-span-2">
            <Trans>Search Now</Trans>
          </Button>
        </form>
        {error && (
          <p className="mt-3 text-sm text-danger" role="alert">
            <Trans>Some search options could not be loaded. You can still search everything.</Trans>
          </p>
        )}
      </div>
    </section>
  );
}
