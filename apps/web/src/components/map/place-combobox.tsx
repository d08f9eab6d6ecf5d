import { Trans, useLingui } from '@lingui/react/macro';
import '../../i18n/more-messages';
import { useId, useState, type KeyboardEvent } from 'react';
import type { GeoPlace } from '@rentdrive/contracts/location';
import { placeLabel, useGeoPlaces } from '../../lib/geo-places';
import { controlClasses } from '../ui/form-fields';

interface PlaceComboboxProps {
  label: string;
  /** The text the box starts with (the chosen place's name). */
  defaultValue?: string;
  placeholder?: string;
  hideLabel?: boolean;
  required?: boolean;
  error?: string;
  id?: string;
  onPick: (place: GeoPlace) => void;
  /** The box was emptied (the place is no longer chosen). */
  onClear?: () => void;
}

/**
 * A city or postcode box with suggestions from the offline gazetteer (diacritics ignored by the
 * server: 'Munchen' finds München). The ARIA 1.2 combobox: arrows move through the list, Enter
 * picks, Escape closes; the list is announced by its size.
 */
export function PlaceCombobox({
  label,
  defaultValue = '',
  placeholder,
  hideLabel,
  required,
  error,
  id,
  onPick,
  onClear,
}: PlaceComboboxProps) {
  const { t } = useLingui();
  const generated = useId();
  const inputId = id ?? `place-${generated}`;
  const listId = `${inputId}-list`;
  const [text, setText] = useState(defaultValue);
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const places = useGeoPlaces(open ? text : '');
  const options = open && text.trim().length >= 2 ? (places.data ?? []) : [];
  const isOpen = open && options.length > 0;

  function pick(place: GeoPlace) {
    setText(place.postcode ? `${place.postcode} ${place.name}` : place.name);
    setOpen(false);
    setActive(-1);
    onPick(place);
  }
  function handleKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      setOpen(true);
      if (!options.length) return;
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((index) => (index + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      const place = options[active] ?? (isOpen ? options[0] : undefined);
      if (place) {
        event.preventDefault();
        pick(place);
      }
    } else if (event.key === 'Escape' && isOpen) {
      event.preventDefault();
      setOpen(false);
    }
  }

  return (
    <div className="relative min-w-0">
      <label htmlFor={inputId} className={hideLabel ? 'sr-only' : 'mb-1 block text-xs font-medium text-slate-700'}>
        {label}
      </label>
      <input
        id={inputId}
        type="text"
        role="combobox"
        autoComplete="off"
        aria-autocomplete="list"
        aria-expanded={isOpen}
        aria-controls={listId}
        aria-activedescendant={isOpen && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${inputId}-error` : undefined}
        aria-required={required || undefined}
        value={text}
        maxLength={100}
        placeholder={placeholder}
        onChange={(event) => {
          setText(event.target.value);
          setOpen(true);
          setActive(-1);
          if (!event.target.value.trim()) onClear?.();
        }}
        onFocus={() => setOpen(true)}
        onBlur={() => setOpen(false)}
        onKeyDown={handleKeyDown}
        className={controlClasses(Boolean(error), 'h-10')}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={t`Suggestions`}
        hidden={!isOpen}
        className="absolute inset-x-0 top-full z-30 mt-1 max-h-72 overflow-auto rounded-control border border-slate-200 bg-white py-1 shadow-lg"
      >
        {options.map((place, index) => (
          <li
            key={`${place.name}-${place.postcode ?? ''}-${place.lat}-${place.lng}`}
            id={`${listId}-${index}`}
            role="option"
            aria-selected={index === active}
            // Picked before the box's blur closes the list.
            onMouseDown={(event) => {
              event.preventDefault();
              pick(place);
            }}
            className={`cursor-pointer px-3 py-2 text-sm ${index === active ? 'bg-accent-50 text-accent-800' : 'text-slate-800 hover:bg-slate-50'}`}
          >
            {placeLabel(place)}
          </li>
        ))}
      </ul>
      {error && (
        <p id={`${inputId}-error`} className="mt-1 text-sm text-danger">
          {error}
        </p>
      )}
      <span className="sr-only" aria-live="polite">
        {isOpen ? <Trans>{options.length} suggestions</Trans> : ''}
      </span>
    </div>
  );
}
