import type { I18n } from '@lingui/core';
import { msg } from '@lingui/core/macro';
import '../../../i18n/more-messages';
import type { NameTranslations } from '@rentdrive/contracts/catalogue';
import { LOCALE_NAMES } from '@rentdrive/contracts/locales';
import type { DataTableColumn } from '../../../components/ui/data-table';
import { TextField } from '../../../components/ui/form-fields';
import type { CatalogueTable } from './use-catalogue-table';
import type { EditableRow } from './use-editable-rows';

/** The languages a catalogue name may have besides English (issue 24), in the switch's order. */
export const OTHER_LANGUAGES = ['de', 'fr', 'es', 'it', 'nl'] as const;

/** A draft's names in the other languages: '' for none (saving '' removes a saved one). */
export type TranslationsDraft = Record<(typeof OTHER_LANGUAGES)[number], string>;

export function translationsDraft(saved: NameTranslations | undefined): TranslationsDraft {
  return { de: saved?.de ?? '', fr: saved?.fr ?? '', es: saved?.es ?? '', it: saved?.it ?? '', nl: saved?.nl ?? '' };
}

/**
 * 'Other languages': the row's name in German, French, Spanish, Italian and Dutch. Read as a short
 * list (a language without a name of its own shows the English one to visitors, and is left out
 * here); while editing, one field per language, each labelled with the language's own name.
 */
export function translationsColumn<S extends { name: string }, D extends { name: string; translations: TranslationsDraft }>(
  table: CatalogueTable<S, D>,
  savedTranslations: (saved: S) => NameTranslations,
  i18n: I18n,
): DataTableColumn<EditableRow<S, D>> {
  return {
    key: 'translations',
    header: i18n._(msg`Other languages`),
    cell: (row) => {
      if (row.draft) {
        const draft = row.draft.translations;
        return (
          <div className="grid w-full min-w-0 grid-cols-1 gap-2 text-left sm:min-w-56 sm:grid-cols-2">
            {OTHER_LANGUAGES.map((language) => (
              <TextField
                key={language}
                label={LOCALE_NAMES[language]}
                lang={language}
                maxLength={50}
                value={draft[language]}
                placeholder={row.draft?.name}
                onChange={(e) => table.change(row.key, { translations: { ...draft, [language]: e.target.value } } as Partial<D>)}
                onKeyDown={table.cancelOnEscape(row)}
              />
            ))}
          </div>
        );
      }
      const saved = row.saved ? savedTranslations(row.saved) : {};
      const named = OTHER_LANGUAGES.filter((language) => saved[language]);
      if (named.length === 0) return <span className="text-sm text-slate-500">{i18n._(msg`English only`)}</span>;
      return (
        <ul className="flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-700">
          {named.map((language) => (
            <li key={language}>
              <abbr title={LOCALE_NAMES[language]} className="mr-1 text-xs font-semibold uppercase text-slate-500 no-underline">
                {language}
              </abbr>
              <span lang={language}>{saved[language]}</span>
            </li>
          ))}
        </ul>
      );
    },
  };
}
