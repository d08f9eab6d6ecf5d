import { englishI18n } from './catalogues';
import { messages } from './locales/more/en.json?lingui';

/**
 * The English messages of the screens and dialogs that are not part of a public page's first load
 * (the `more` catalogue, ADR 018). Every such component imports this module, so the messages come in
 * the chunk that brings the component, and a first visit does not download them. Other languages load
 * both catalogues at once (catalogues.ts).
 */
englishI18n().load('en', messages);
