import type { Messages } from '@lingui/core';
import { messages as api } from '@rentdrive/contracts/i18n/es.json?lingui';
import { messages as web } from '../locales/es.json?lingui';
import { messages as home } from '../locales/home/es.json?lingui';
import { messages as listing } from '../locales/listing/es.json?lingui';
import { messages as more } from '../locales/more/es.json?lingui';
import { messages as vehicle } from '../locales/vehicle/es.json?lingui';

/** Every catalogue of this language, one chunk loaded when the language is shown (catalogues.ts). */
export const catalogues: Messages[] = [web, home, listing, vehicle, more, api];
