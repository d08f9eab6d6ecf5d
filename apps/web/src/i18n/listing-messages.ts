import { englishI18n } from './catalogues';
import { messages } from './locales/listing/en.json?lingui';

/** The English messages of the listing page (ADR 018): they come with the page's chunk, not with the app. */
englishI18n().load('en', messages);
