import type { Messages } from '@lingui/core';
import { messages as api } from '@rentdrive/contracts/i18n/nl.json?lingui';
import { messages as home } from '../locales/home/nl.json?lingui';
import { messages as listing } from '../locales/listing/nl.json?lingui';
import { messages as more } from '../locales/more/nl.json?lingui';
import { messages as web } from '../locales/nl.json?lingui';
import { messages as vehicle } from '../locales/vehicle/nl.json?lingui';

/** Every catalogue of this language, one chunk loaded when the language is shown (catalogues.ts). */
export const catalogues: Messages[] = [web, home, listing, vehicle, more, api];
